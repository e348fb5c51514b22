import Foundation
import LitmusModel
import SwiftSyntax

/// Local dependencies (`.package(path: "../Shared")`) of the audited package, pointed at their real
/// folders in the scratch copy.
///
/// The audit builds a copy of the package in a scratch folder, where a path relative to the package
/// would name another folder, or none. In the copy's manifests (`Package.swift` and any
/// `Package@swift-*.swift`), each `path:` string literal of a `.package(…)` call that leads outside the
/// package becomes the absolute path of the folder it names from the original package. SwiftPM only
/// reads a dependency's folder, so the dependency is not written to either. Paths inside the package
/// stay relative: the copy holds those folders.
package enum LocalDependencies {
    /// Rewrites the manifests of `copy`, a copy of the package at `original` (whose manifests it reads), with
    /// the footprint observer's target when `observer` (``FootprintObserver/adding(to:)``).
    static func rewriteManifests(in copy: URL, original: URL, observer: Bool = false) throws {
        for file in try manifests(in: copy) {
            let source = original.appendingPathComponent(file.lastPathComponent)
            let manifest = try String(contentsOf: file, encoding: .utf8)
            let text = (try? String(contentsOf: source, encoding: .utf8)) ?? manifest
            let absolute = absolutized(text, packageFolder: original)
            let rewritten = observer ? (try? FootprintObserver.adding(to: absolute).get()) ?? absolute : absolute
            if rewritten != manifest { try rewritten.write(to: file, atomically: true, encoding: .utf8) }
        }
    }

    /// `manifest` with every relative `path:` of a `.package(…)` call that leads outside
    /// `packageFolder` made absolute against it; everything else is left as it was, byte for byte.
    static func absolutized(_ manifest: String, packageFolder: URL) -> String {
        let finder = PathLiteralFinder(viewMode: .sourceAccurate)
        finder.walk(SwiftSource.parse(manifest))
        let folder = packageFolder.standardizedFileURL.path
        var bytes = Array(manifest.utf8)
        // From the last edit to the first, so earlier offsets stay valid.
        for literal in finder.literals.reversed() {
            guard !literal.value.hasPrefix("/") else { continue }
            let target = URL(fileURLWithPath: folder).appendingPathComponent(literal.value).standardizedFileURL.path
            guard target != folder, !target.hasPrefix(folder + "/") else { continue }
            let escaped = target.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
                of: "\"", with: "\\\"")
            bytes.replaceSubrange(literal.range, with: Array("\"\(escaped)\"".utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The folders of the local dependencies named by absolute paths in the manifests of `package` (in a
    /// copy, after ``rewriteManifests(in:original:observer:)``: every local dependency outside the package).
    static func folders(namedIn package: URL) -> [URL] {
        var folders: Set<String> = []
        for file in (try? manifests(in: package)) ?? [] {
            guard let manifest = try? String(contentsOf: file, encoding: .utf8) else { continue }
            let finder = PathLiteralFinder(viewMode: .sourceAccurate)
            finder.walk(SwiftSource.parse(manifest))
            folders.formUnion(finder.literals.map(\.value).filter { $0.hasPrefix("/") })
        }
        return folders.sorted().map { URL(fileURLWithPath: $0) }
    }

    /// Every local dependency of the package in `package` as its own manifests name them (relative
    /// paths resolved against the package naming them), and theirs in turn, each once; the folders inside
    /// `package` left out (they are part of it).
    package static func all(of package: URL) -> [URL] {
        let root = package.standardizedFileURL.path
        var found: [URL] = []
        var seen: Set<String> = [root]
        var pending = [package.standardizedFileURL]
        while let folder = pending.popLast() {
            for file in (try? manifests(in: folder)) ?? [] {
                guard let manifest = try? String(contentsOf: file, encoding: .utf8) else { continue }
                let finder = PathLiteralFinder(viewMode: .sourceAccurate)
                finder.walk(SwiftSource.parse(manifest))
                for literal in finder.literals.map(\.value) {
                    let named =
                        literal.hasPrefix("/")
                        ? URL(fileURLWithPath: literal) : folder.appendingPathComponent(literal)
                    let path = named.standardizedFileURL.path
                    guard !path.hasPrefix(root + "/"), seen.insert(path).inserted else { continue }
                    found.append(named.standardizedFileURL)
                    pending.append(named.standardizedFileURL)
                }
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The manifests of the package in `folder`: `Package.swift` and any `Package@swift-*.swift`.
    private static func manifests(in folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasPrefix("Package") && $0.hasSuffix(".swift")
        }.map { folder.appendingPathComponent($0) }
    }

    /// A `path:` string literal of a `.package(…)` call: its text and its byte range in the manifest.
    private struct PathLiteral {
        var value: String
        var range: Range<Int>
    }

    private final class PathLiteralFinder: SyntaxVisitor {
        var literals: [PathLiteral] = []

        override func visit(_ call: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                member.declName.baseName.text == "package"
            else { return .visitChildren }
            for argument in call.arguments where argument.label?.text == "path" {
                guard let literal = argument.expression.as(StringLiteralExprSyntax.self),
                    let value = literal.representedLiteralValue
                else { continue }
                let start = literal.positionAfterSkippingLeadingTrivia.utf8Offset
                let end = literal.endPositionBeforeTrailingTrivia.utf8Offset
                literals.append(PathLiteral(value: value, range: start..<end))
            }
            return .visitChildren
        }
    }
}
