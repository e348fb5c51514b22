import Foundation
import LitmusModel
import Testing

@testable import LitmusRunning
@testable import LitmusSupport

/// What the package's own build options make of a build: its configuration's folder, its `#if` conditions,
/// its folder in the build cache, and what a failed build says (docs/audit.md, "Building the package as its
/// CI does").
@Suite("The package's build options in the build")
struct PackageBuildTests {
    @Test("The configuration is SwiftPM's last -c or --configuration, not a value -Xswiftc passes on")
    func configurationValue() {
        #expect(SwiftBuildConfiguration.value(in: []) == nil)
        #expect(SwiftBuildConfiguration.value(in: ["-c", "release"]) == "release")
        #expect(SwiftBuildConfiguration.value(in: ["-c", "release", "--configuration=debug"]) == "debug")
        #expect(SwiftBuildConfiguration.value(in: ["-crelease"]) == "release")
        #expect(SwiftBuildConfiguration.value(in: ["-Xswiftc", "-c"]) == nil)
        #expect(PackageBuild(arguments: ["-c", "release"]).configurationFolder == "release")
        #expect(PackageBuild().configurationFolder == "debug")
    }

    @Test(
        "The build's conditions: DEBUG when debug, each -D given to the compiler, the traits named; SWIFT_PACKAGE in a package's"
    )
    func conditions() {
        let sut = PackageBuild(arguments: [
            "-Xswiftc", "-DNETWORK", "-Xswiftc", "-D", "-Xswiftc", "SLOW", "--traits", "Fast,Zlib", "-c", "release",
        ])
        #expect(sut.conditions == ["NETWORK", "SLOW", "Fast", "Zlib"])
        #expect(PackageBuild().conditions == ["DEBUG"])
        // SwiftPM compiles every target of a package with SWIFT_PACKAGE
        #expect(sut.packageConditions == ["SWIFT_PACKAGE", "NETWORK", "SLOW", "Fast", "Zlib"])
        #expect(PackageBuild().packageConditions == ["SWIFT_PACKAGE", "DEBUG"])
        #expect(PackageBuild(arguments: ["--enable-test-discovery"]).discoversTests)
    }

    @Test("The default build keeps the build cache's folder; other options or variables take one of their own")
    func cacheVariant() throws {
        // Given
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-variant-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = BuildCache(root: root)
        let package = URL(fileURLWithPath: "/tmp/pkg/Examples")
        let release = PackageBuild(arguments: ["-c", "release"]).cacheVariant
        let variables = PackageBuild(testEnvironment: ["API_HOST": "localhost"]).cacheVariant
        // When
        let plain = try cache.acquire(for: package, variant: PackageBuild().cacheVariant)
        let built = try cache.acquire(for: package, use: "mutate", variant: release)
        defer { plain.release() }
        defer { built.release() }
        // Then
        #expect(PackageBuild().cacheVariant == nil)
        #expect(release != nil && variables != nil && release != variables)
        #expect(plain.folder.lastPathComponent == "Examples-10bf3a455a6f65e0")
        #expect(built.folder.lastPathComponent == "Examples-10bf3a455a6f65e0-\(release ?? "")-mutate")
        for folder in [plain.folder, built.folder] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        #expect(cache.names(of: package).count == 2)
    }

    @Test("A stale LinuxMain calling __allTests names --enable-test-discovery; with it given, the plain error")
    func staleLinuxMainHint() {
        // Given: what the build of onevcat/Rainbow 4.2.2 printed
        let errors = [
            "/tmp/Rainbow/LinuxMain.swift:6:10: error: module 'RainbowTests' has no member named '__allTests'"
        ]
        // When
        let hinted = BuildStage.failure(path: "/tmp/Rainbow", errors: errors, build: PackageBuild())
        let plain = BuildStage.failure(
            path: "/tmp/Rainbow", errors: errors, build: PackageBuild(arguments: ["--enable-test-discovery"]))
        // Then
        #expect(
            hinted
                == .buildNeedsOption(
                    path: "/tmp/Rainbow", errors: errors, option: "--enable-test-discovery",
                    why:
                        "LinuxMain.swift:6 calls `__allTests`, a test list the package no longer generates; with --enable-test-discovery SwiftPM ignores LinuxMain.swift and finds the tests itself"
                ))
        #expect(hinted.description.contains("litmus audit /tmp/Rainbow -- --enable-test-discovery"))
        #expect(plain == .buildFailed(path: "/tmp/Rainbow", errors: errors))
    }

    @Test("SwiftPM's refusal of a given option is told from a build error, with its own message")
    func rejection() {
        // Given: what swift build 6.3.1 printed, exit status 64
        let output =
            "error: Unknown option '--frobnicate'\nUsage: swift build <options>\n  See 'build -help' for more information.\n"
        let refused = ChildProcessResult(status: 64, timedOut: false, output: output)
        // When / Then
        #expect(
            BuildStage.rejection(refused, arguments: ["--frobnicate"])
                == .buildOptionRejected(arguments: ["--frobnicate"], message: "error: Unknown option '--frobnicate'"))
        #expect(BuildStage.rejection(refused, arguments: []) == nil)
        #expect(
            BuildStage.rejection(ChildProcessResult(status: 1, timedOut: false, output: output), arguments: ["-x"])
                == nil)
    }

}
