import Foundation
import LitmusModel
import LitmusSupport

/// How the audited package is built and its tests run beyond what litmus itself asks: the `swift build`
/// options its CI passes (`-c release`, `--traits`, `-Xswiftc -DFLAG`, `--enable-test-discovery`) and the
/// variables its tests need. The audit, `litmus mutate` and `litmus smells` read it from the same settings
/// (``AuditOptions/swiftBuildArguments``, ``AuditOptions/testEnvironment``); it is part of the build cache's
/// key, so a build with other options never reuses another's folder.
package struct PackageBuild: Sendable, Hashable {
    /// The `swift build` options, after litmus's own.
    package var arguments: [String]
    /// Variables set in every test process.
    package var testEnvironment: [String: String]

    /// A build with `arguments` whose tests run with `testEnvironment`.
    package init(arguments: [String] = [], testEnvironment: [String: String] = [:]) {
        self.arguments = arguments
        self.testEnvironment = testEnvironment
    }

    /// The build `options` describe.
    package init(options: AuditOptions) {
        self.init(arguments: options.swiftBuildArguments, testEnvironment: options.testEnvironment.variables)
    }

    /// The folder of the build folder the tests are built in: the configuration's (`debug`, `release`).
    package var configurationFolder: String { SwiftBuildConfiguration.value(in: arguments) ?? "debug" }

    /// Whether SwiftPM generates the test entry point and ignores a `LinuxMain.swift`.
    package var discoversTests: Bool { arguments.contains("--enable-test-discovery") }

    /// The conditions a package's own targets are compiled with: ``conditions`` and `SWIFT_PACKAGE`, which SwiftPM
    /// passes to every Swift target it compiles (hkellaway/Gloss 3.2.1's set-up assigns its fixtures under `#if
    /// SWIFT_PACKAGE` and reads its bundle's files `#else`, for Xcode). Loose files, which another build may compile,
    /// have ``conditions`` alone.
    package var packageConditions: Set<String> { conditions.union(["SWIFT_PACKAGE"]) }

    /// The conditions the build defines for `#if`: `DEBUG` in a debug build, each `-D NAME` passed to the
    /// compiler (`-Xswiftc -DNAME`, `-Xswiftc -D -Xswiftc NAME`), and each trait enabled by name.
    package var conditions: Set<String> {
        var defined: Set<String> = configurationFolder == "debug" ? ["DEBUG"] : []
        let compiler = zip(arguments, arguments.dropFirst()).filter { $0.0 == "-Xswiftc" }.map(\.1)
        var index = compiler.startIndex
        while index < compiler.endIndex {
            let flag = compiler[index]
            if flag == "-D", index + 1 < compiler.endIndex {
                defined.insert(compiler[index + 1])
                index += 1
            } else if flag.hasPrefix("-D"), flag.count > 2 {
                defined.insert(String(flag.dropFirst(2)))
            }
            index += 1
        }
        for (option, value) in zip(arguments, arguments.dropFirst()) where option == "--traits" {
            defined.formUnion(value.split(separator: ",").map(String.init))
        }
        return defined
    }

    /// The part of the build cache's key that tells this build from the default one (`b` and 8 hex digits
    /// of the options' hash), or `nil` for the default build: every folder kept before stays valid.
    package var cacheVariant: String? {
        guard !arguments.isEmpty || !testEnvironment.isEmpty else { return nil }
        let environment = testEnvironment.keys.sorted().map { "\($0)=\(testEnvironment[$0] ?? "")" }
        let text = (arguments + ["\u{0}"] + environment).joined(separator: "\u{0}")
        return "b" + ContentHash.hex(text).prefix(8)
    }
}
