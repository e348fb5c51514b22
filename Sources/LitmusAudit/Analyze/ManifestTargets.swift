import Foundation
import LitmusRunning
import SwiftSyntax

/// The targets a manifest's text declares (`.target(name:path:exclude:resources:)`, `.testTarget(…)`, …),
/// read with swift-syntax, without running it: what `litmus smells` knows of a package it does not build,
/// and what tells the audit which manifest declares a test folder SwiftPM did not build.
struct ManifestTargets {
    /// One target as the text declares it.
    struct Target: Equatable {
        var name: String
        var isTest: Bool
        /// Its folder, relative to the package: `path:`, else `Tests/<name>` or `Sources/<name>`.
        var path: String
        /// Whether `path:` gives its folder.
        var explicitPath = false
        /// What `exclude:` names, relative to its folder.
        var excluded: [String]
        /// What `resources:` names, relative to its folder.
        var resources: [String]
        /// What `sources:` names, relative to its folder, when given: only those files and folders are compiled
        /// (krzysztofzablocki/Sourcery 2.3.0's `TemplatesTests`, `sources: ["Tests/TemplatesTests.swift"]` in a
        /// folder of template fixtures that declare tests of their own).
        var sources: [String]? = nil
        /// How `resources:` puts each in the target's bundle: `.copy("x")` and `.process("x")` (the others, as
        /// `.embedInCode`, are in no bundle).
        var bundled: [BundledResource] = []
        /// Whether this platform's manifest declares it: outside every `#if`, or in each one's active clause
        /// (Quick/Nimble 14.0.0 declares `NimbleObjectiveC` under `#if os(macOS)`).
        var declaredHere = true
        /// Whether it is a `.plugin`, whose folder is `Plugins/<name>` whatever other folders the package has.
        var isPlugin = false
    }

    /// The targets, in the text's order.
    var targets: [Target] = []
    /// Whether every target's name and path are literals: otherwise the text does not tell them all.
    var complete = true

    /// The targets of the manifest `text`.
    init(text: String) {
        let kinds: Set<String> = ["target", "testTarget", "executableTarget", "macro", "plugin", "systemLibrary"]
        let tree = SwiftSource.parse(text)
        let regions = CompiledRegions(tree)
        let kind = { (call: FunctionCallExprSyntax) -> String? in
            call.calledExpression.as(MemberAccessExprSyntax.self).map(\.declName.baseName.text).flatMap {
                kinds.contains($0) ? $0 : nil
            }
        }
        func isInsideTarget(_ call: FunctionCallExprSyntax) -> Bool {
            var current = call.parent
            while let node = current {
                if let outer = node.as(FunctionCallExprSyntax.self), kind(outer) != nil { return true }
                current = node.parent
            }
            return false
        }
        var bareNames: Set<String> = []
        for call in tree.descendants(of: FunctionCallExprSyntax.self) {
            // A target named inside another's arguments is a dependency on it (`dependencies:
            // [.target(name: "FluentKit")]`, vapor/fluent-kit 1.57.0), not a declaration.
            guard let kind = kind(call), !isInsideTarget(call) else { continue }
            func literal(_ label: String) -> String? {
                SmellScan.literalText(call.arguments.first { $0.label?.text == label }?.expression)
            }
            func literals(_ label: String) -> [String] {
                call.arguments.first { $0.label?.text == label }.map {
                    Self.resolved($0.expression, in: tree).descendants(of: StringLiteralExprSyntax.self).compactMap {
                        SmellScan.literalText(ExprSyntax($0))
                    }
                } ?? []
            }
            guard let name = literal("name"),
                call.arguments.first(where: { $0.label?.text == "path" }).map({ _ in literal("path") != nil }) ?? true
            else {
                complete = false
                continue
            }
            let isTest = kind == "testTarget"
            var target = Target(
                name: name, isTest: isTest,
                path: literal("path")
                    ?? (isTest ? "Tests/\(name)" : (kind == "plugin" ? "Plugins/" : "Sources/") + name),
                explicitPath: literal("path") != nil, excluded: literals("exclude"), resources: literals("resources"),
                bundled: BundledResource.read(
                    call.arguments.first { $0.label?.text == "resources" }.flatMap {
                        Self.resolved($0.expression, in: tree).as(ExprSyntax.self)
                    }),
                declaredHere: regions.compiles(call), isPlugin: kind == "plugin")
            // Only a list the text spells out, every element a string literal: a list it computes (`sources:
            // files()`) may name anything, and the whole folder is read, as before.
            if let given = call.arguments.first(where: { $0.label?.text == "sources" }),
                let list = Self.resolved(given.expression, in: tree).as(ArrayExprSyntax.self),
                list.elements.allSatisfy({ SmellScan.literalText($0.expression) != nil })
            {
                target.sources = list.elements.compactMap { SmellScan.literalText($0.expression) }
            }
            // A name read twice (a dependency written outside any target, `let deps = [.target(name: "Core")]`)
            // is one target: a call with more than a name and a condition is its declaration; else the first.
            let bare = call.arguments.allSatisfy { ["name", "condition"].contains($0.label?.text ?? "") }
            if let index = targets.firstIndex(where: { $0.name == name }) {
                if !bare, bareNames.contains(name) {
                    targets[index] = target
                    bareNames.remove(name)
                }
                continue
            }
            if bare { bareNames.insert(name) }
            targets.append(target)
        }
    }

    /// `expression`, or when it names a constant the manifest declares at its top level (`resources:
    /// templatesTestsResourcesCopy`, Sourcery 2.3.0), that constant's value.
    private static func resolved(_ expression: ExprSyntax, in tree: SourceFileSyntax) -> Syntax {
        guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return Syntax(expression) }
        for item in tree.statements {
            guard let declaration = item.item.as(VariableDeclSyntax.self),
                let binding = declaration.bindings.first(where: {
                    $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                }),
                let value = binding.initializer?.value
            else { continue }
            return Syntax(value)
        }
        return Syntax(expression)
    }

    /// The targets `text` declares only in line comments, each run of commented lines read as code (Moya 15's
    /// `//        .testTarget( // dev`, uncommented by hand to run its tests).
    static func commentedOut(in text: String) -> [Target] {
        var runs: [[Substring]] = [[]]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let code = line.drop { $0 == " " || $0 == "\t" }
            if code.hasPrefix("//") {
                runs[runs.count - 1].append(code.dropFirst(2))
            } else if !runs[runs.count - 1].isEmpty {
                runs.append([])
            }
        }
        return runs.filter { $0.contains { $0.contains("Target(") } }.flatMap {
            ManifestTargets(text: $0.joined(separator: "\n")).targets
        }
    }

    /// The targets of the manifest at `url`, laid out in its folder (``laidOut(in:toolsVersion:)``); none when it
    /// cannot be read.
    static func read(_ url: URL) -> ManifestTargets {
        ManifestTargets(text: (try? String(contentsOf: url, encoding: .utf8)) ?? "")
            .laidOut(in: url.deletingLastPathComponent(), toolsVersion: PackageManifest.toolsVersion(of: url))
    }

    /// The targets as SwiftPM lays them out in `package` (its PackageBuilder). A target without a `path:` lives in
    /// `<folder>/<name>`, the folder the first of SwiftPM's predefined ones that exists: `Sources`, `Source`, `src`,
    /// `srcs`, with `Tests` first for a test target (tayloraswift/swift-json 2.3.1 has no `Tests` and keeps its
    /// `.testTarget(name: "JSONTests")` in `Sources/JSONTests`). From tools version 5.9 on, the one test target
    /// without a `path:` whose own folder does not exist takes that whole folder (kishikawakatsumi/swift-power-assert
    /// 0.12.0 keeps the files of its one test target in `Tests`, nine read as never running on first contact).
    func laidOut(in package: URL, toolsVersion: [Int]?) -> ManifestTargets {
        let isFolder = { (path: String) -> Bool in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: package.appendingPathComponent(path).path, isDirectory: &isFolder)
                && isFolder.boolValue
        }
        let sources = ["Sources", "Source", "src", "srcs"]
        let sourceFolder = sources.first(where: isFolder) ?? sources[0]
        let testFolder = (["Tests"] + sources).first(where: isFolder) ?? "Tests"
        var laid = self
        for index in laid.targets.indices where !laid.targets[index].explicitPath && !laid.targets[index].isPlugin {
            let target = laid.targets[index]
            laid.targets[index].path = (target.isTest ? testFolder : sourceFolder) + "/" + target.name
        }
        guard let version = toolsVersion, !version.lexicographicallyPrecedes([5, 9]) else { return laid }
        // SwiftPM counts every test target, with a `path:` or not (`targetsWithCommonSourceRoot`).
        let tests = laid.targets.indices.filter { laid.targets[$0].isTest }
        guard complete, tests.count == 1, let index = tests.first, !laid.targets[index].explicitPath,
            !isFolder(laid.targets[index].path)
        else { return laid }
        laid.targets[index].path = testFolder
        return laid
    }

    /// The manifests of `package` besides `read`, the one SwiftPM reads (`Package@swift-5.9.swift`, …).
    static func otherManifests(of package: URL, besides read: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: package.path)) ?? []
        return names.filter {
            ($0 == "Package.swift" || ($0.hasPrefix("Package@swift-") && $0.hasSuffix(".swift")))
                && $0 != read.lastPathComponent
        }.sorted().map { package.appendingPathComponent($0) }
    }
}
