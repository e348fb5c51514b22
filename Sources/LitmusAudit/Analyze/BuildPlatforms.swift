import Foundation
import LitmusRunning
import SwiftSyntax

/// The platforms a package's tests are built for, as far as it tells: this run's, and those its checked-in
/// CI workflows (`.github/workflows/*.yml`) name; with the custom conditions (`#if NAME`) some build may
/// define. What ``CompiledOutDetector`` holds an `#if` around a test against: without a workflow, every
/// platform (a test under `#if os(macOS)` may run on the developer's Mac).
struct BuildPlatforms: Sendable, Equatable {
    /// Every platform `os(…)` names, by the name it takes there.
    static let all: Set<String> = [
        "Linux", "macOS", "iOS", "tvOS", "watchOS", "visionOS", "Windows", "Android", "WASI", "FreeBSD", "OpenBSD",
    ]
    /// The Apple platforms.
    static let apple: Set<String> = ["macOS", "iOS", "tvOS", "watchOS", "visionOS"]

    /// The platforms the tests may be built for.
    var platforms: Set<String>
    /// Where the list comes from, for messages (`this run (Linux) and .github/workflows/ci.yml`); `nil`:
    /// no workflow, every platform.
    var source: String?
    /// The custom conditions some build may define: named in a manifest (`.define("X")`, a trait), in a
    /// workflow (`-D X`, `-Xswiftc -DX`) or in this run's build arguments. Any other is defined by no build
    /// of the package's own (a developer may pass it by hand).
    var conditions: Set<String> = []

    /// Every platform, any condition: nothing known of where the tests run.
    static let unknown = BuildPlatforms(platforms: all, source: nil)

    /// The platform this process runs on.
    static var host: String {
        #if os(Linux)
            return "Linux"
        #elseif os(macOS)
            return "macOS"
        #elseif os(Windows)
            return "Windows"
        #else
            return "Linux"
        #endif
    }

    /// The platforms of the package at `package`: this run's and its workflows', with the conditions its
    /// manifests, its workflows and `defines` (this run's `-D` arguments) name.
    static func read(package: URL, defines: Set<String> = []) -> BuildPlatforms {
        let folder = package.appendingPathComponent(".github/workflows")
        let names =
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
                $0.hasSuffix(".yml") || $0.hasSuffix(".yaml")
            }.sorted()
        let manifests =
            ((try? FileManager.default.contentsOfDirectory(atPath: package.path)) ?? []).filter {
                $0 == "Package.swift" || ($0.hasPrefix("Package@swift-") && $0.hasSuffix(".swift"))
            }
        var conditions = defines
        for manifest in manifests {
            guard let text = try? String(contentsOf: package.appendingPathComponent(manifest), encoding: .utf8) else {
                continue
            }
            conditions.formUnion(
                SwiftSource.parse(text).descendants(of: StringLiteralExprSyntax.self).compactMap {
                    SmellScan.literalText(ExprSyntax($0))
                })
        }
        let workflows = names.compactMap { name in
            (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)).map { (name, $0) }
        }
        guard !workflows.isEmpty else {
            var unknown = BuildPlatforms.unknown
            unknown.conditions = conditions
            return unknown
        }
        let text = workflows.map(\.1).joined(separator: "\n")
        conditions.formUnion(Self.defines(in: text))
        return BuildPlatforms(
            platforms: Self.platforms(in: text).union([host]),
            source: "this run (\(host)) and the CI workflow\(workflows.count == 1 ? "" : "s") "
                + workflows.map { ".github/workflows/\($0.0)" }.joined(separator: ", "),
            conditions: conditions)
    }

    /// The platforms a workflow's text names anywhere (`runs-on: macos-latest`, a matrix entry, an
    /// `xcodebuild -destination 'platform=iOS Simulator'`): more than it builds for, never fewer.
    static func platforms(in text: String) -> Set<String> {
        let words: [(String, String)] = [
            ("ubuntu|linux|debian|amazonlinux|centos|fedora|rhel|jammy|noble|focal|swift:", "Linux"),
            ("macos|osx|xcode|darwin", "macOS"), ("ios|iphone", "iOS"), ("tvos|appletv", "tvOS"),
            ("watchos|watchsimulator", "watchOS"), ("visionos|xros", "visionOS"), ("windows|win32", "Windows"),
            ("android", "Android"), ("wasm|wasi", "WASI"), ("freebsd", "FreeBSD"), ("openbsd", "OpenBSD"),
        ]
        let lower = text.lowercased()
        return Set(
            words.filter { pattern, _ in
                lower.range(of: "(^|[^a-z])(\(pattern))", options: .regularExpression) != nil
            }.map(\.1))
    }

    /// The conditions `-D NAME` (or `-DNAME`) defines in `text`.
    static func defines(in text: String) -> Set<String> {
        guard let pattern = try? NSRegularExpression(pattern: #"(?:^|\s|["'=])-D\s*([A-Za-z_][A-Za-z0-9_]*)"#) else {
            return []
        }
        let range = NSRange(text.startIndex..., in: text)
        return Set(
            pattern.matches(in: text, range: range).compactMap { match in
                Range(match.range(at: 1), in: text).map { String(text[$0]) }
            })
    }
}
