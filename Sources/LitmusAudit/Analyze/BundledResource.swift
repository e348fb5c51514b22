import Foundation
import SwiftSyntax

/// A resource a target's manifest entry puts in its bundle (`Bundle.module`), and where: `.copy("x")` puts the
/// file or folder `x` at the bundle's top level, a folder with its tree; `.process("x")` puts a file there, and
/// each file of a folder there too, flattened (SwiftPM's rule for files it has no special processing for).
struct BundledResource: Equatable, Sendable {
    /// How SwiftPM places it.
    enum Rule: String, Sendable {
        case copy, process
    }

    var rule: Rule
    /// Its path, relative to the target's folder, as the manifest writes it.
    var path: String

    /// The `.copy("…")` and `.process("…")` entries of a `resources:` argument, in order; none for anything
    /// else (a name, a function's result).
    static func read(_ resources: ExprSyntax?) -> [BundledResource] {
        guard let array = resources?.as(ArrayExprSyntax.self) else { return [] }
        return array.elements.compactMap { element in
            guard let call = element.expression.as(FunctionCallExprSyntax.self),
                let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                let rule = Rule(rawValue: member.declName.baseName.text),
                let path = SmellScan.literalText(call.arguments.first?.expression)
            else { return nil }
            return BundledResource(rule: rule, path: path)
        }
    }

    /// The paths, relative to the bundle's top level, of the files `resources` put in the bundle of the target
    /// whose folder is `folder`, as they are on disk now (a resource not there puts nothing).
    static func files(_ resources: [BundledResource], in folder: URL) -> Set<String> {
        var files: Set<String> = []
        for resource in resources {
            let trimmed = resource.path.hasSuffix("/") ? String(resource.path.dropLast()) : resource.path
            let url = folder.appendingPathComponent(trimmed)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { continue }
            let name = url.lastPathComponent
            guard isFolder.boolValue else {
                files.insert(name)
                continue
            }
            let inside = FileManager.default.enumerator(atPath: url.path)
            while let relative = inside?.nextObject() as? String {
                var isSubfolder: ObjCBool = false
                FileManager.default.fileExists(atPath: url.path + "/" + relative, isDirectory: &isSubfolder)
                guard !isSubfolder.boolValue else { continue }
                files.insert(resource.rule == .copy ? name + "/" + relative : (relative as NSString).lastPathComponent)
            }
        }
        return files
    }

    /// The files each test target of the package at `package` puts in its bundle, by target, under its name and
    /// its module's (`My-Tests` is module `My_Tests`): from the manifest SwiftPM reads, `Package.swift`, where its
    /// entry is declared on this platform.
    static func testBundles(of package: URL) -> [String: Set<String>] {
        let targets = ManifestTargets.read(package.appendingPathComponent("Package.swift")).targets
        var bundles: [String: Set<String>] = [:]
        for target in targets where target.isTest && target.declaredHere && !target.bundled.isEmpty {
            let found = files(target.bundled, in: package.appendingPathComponent(target.path))
            bundles[target.name] = found
            bundles[String(target.name.map { $0.isLetter || $0.isNumber ? $0 : "_" })] = found
        }
        return bundles
    }
}

extension BundledResource {
    /// Whether `call` is `Bundle.module.url(forResource:withExtension:subdirectory:)` or
    /// `Bundle.module.path(forResource:ofType:inDirectory:)`, each argument a literal (or `nil`), of a file the
    /// test's target puts in its bundle (``ScannedTest/bundled``): it is never `nil` (apple/swift-certificates
    /// 1.21.1's `Bundle.module.url(forResource: "rsa_md4", withExtension: "der", subdirectory: "CSR
    /// Vectors/cryptography")!` of `.copy("CSR Vectors/")`).
    static func isBundled(_ call: FunctionCallExprSyntax, test: ScannedTest) -> Bool {
        guard let files = test.bundled, let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.base?.trimmedDescription == "Bundle.module"
        else { return false }
        let labels: [String]
        switch member.declName.baseName.text {
        case "url": labels = ["forResource", "withExtension", "subdirectory"]
        case "path": labels = ["forResource", "ofType", "inDirectory"]
        default: return false
        }
        var values: [String: String] = [:]
        for argument in call.arguments {
            guard let label = argument.label?.text, labels.contains(label) else { return false }
            if argument.expression.is(NilLiteralExprSyntax.self) { continue }
            guard let text = SmellScan.literalText(argument.expression), !text.contains("\\") else { return false }
            values[label] = text
        }
        guard let name = values[labels[0]], !name.isEmpty else { return false }
        let file = name + (values[labels[1]].map { $0.isEmpty ? "" : "." + $0 } ?? "")
        let folder = values[labels[2]].map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? ""
        return files.contains(folder.isEmpty ? file : folder + "/" + file)
    }
}
