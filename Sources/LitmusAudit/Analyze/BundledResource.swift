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
                // `.process("x", localization: .base)` puts `x` in a localization's folder: not read.
                call.arguments.count == 1,
                let literal = call.arguments.first?.expression.as(StringLiteralExprSyntax.self),
                let path = EqualityShapeDetector.plainText(literal)
            else { return nil }
            return BundledResource(rule: rule, path: path)
        }
    }

    /// The paths, relative to the bundle's top level, of the files `resources` put in the bundle of the target
    /// whose folder is `folder`, as they are on disk now (a resource not there puts nothing), but for what
    /// `excluded` names (relative to the folder). Of a processed folder, only the plain files SwiftPM flattens:
    /// none hidden (`.x`), none inside a folder with an extension (a localization's `en.lproj`, an asset
    /// catalog, a `.docc` catalog), which it places otherwise or not at all.
    static func files(_ resources: [BundledResource], in folder: URL, excluding excluded: [String] = []) -> Set<String>
    {
        let trim = { (path: String) in path.hasSuffix("/") ? String(path.dropLast()) : path }
        let left = excluded.map(trim)
        let isExcluded = { (path: String) in left.contains { path == $0 || path.hasPrefix($0 + "/") } }
        var files: Set<String> = []
        for resource in resources where !isExcluded(trim(resource.path)) {
            let url = folder.appendingPathComponent(trim(resource.path))
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { continue }
            let name = url.lastPathComponent
            guard isFolder.boolValue else {
                if resource.rule == .copy || !name.hasPrefix(".") { files.insert(name) }
                continue
            }
            let inside = FileManager.default.enumerator(atPath: url.path)
            while let relative = inside?.nextObject() as? String {
                var isSubfolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path + "/" + relative, isDirectory: &isSubfolder),
                    !isSubfolder.boolValue, !isExcluded(trim(resource.path) + "/" + relative)
                else { continue }
                let components = relative.split(separator: "/")
                if resource.rule == .copy {
                    files.insert(name + "/" + relative)
                } else if !components.contains(where: { $0.hasPrefix(".") }),
                    !components.dropLast().contains(where: { $0.contains(".") }), let file = components.last
                {
                    files.insert(String(file))
                }
            }
        }
        return files
    }

    /// The files each test target of the package at `package` puts in its bundle, by target, under its name and
    /// its module's (`My-Tests` is module `My_Tests`, `1Tests` `_1Tests`): from the manifest SwiftPM reads for
    /// this compiler (``PackageManifest/manifest(of:compiler:)``), where its entry is declared on this platform.
    static func testBundles(of package: URL) -> [String: Set<String>] {
        let targets = ManifestTargets.read(PackageManifest.manifest(of: package)).targets
        var bundles: [String: Set<String>] = [:]
        for target in targets where target.isTest && target.declaredHere && !target.bundled.isEmpty {
            let found = files(
                target.bundled, in: package.appendingPathComponent(target.path), excluding: target.excluded)
            bundles[target.name] = found
            bundles[moduleName(of: target.name)] = found
        }
        return bundles
    }

    /// The module SwiftPM names a target `name` (its C99 name): each character not a letter, digit or `_` as
    /// `_`, and a `_` before a leading digit.
    static func moduleName(of name: String) -> String {
        let mapped = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        return mapped.first?.isNumber == true ? "_" + mapped : mapped
    }
}

extension BundledResource {
    /// Whether `expression` is `Bundle.module.resourceURL` or `Bundle.module.resourcePath` in a test whose target has
    /// resources (``ScannedTest/bundled``): the bundle was found (`Bundle.module` traps otherwise), and a found bundle
    /// has a resource folder, so it is never `nil` (apple/swift-container-plugin 1.3.0's `Bundle.module.resourceURL!`).
    static func isBundleFolder(_ expression: ExprSyntax, test: ScannedTest) -> Bool {
        guard test.bundled != nil, let member = expression.as(MemberAccessExprSyntax.self),
            isModuleBundle(member.base)
        else { return false }
        return ["resourceURL", "resourcePath"].contains(member.declName.baseName.text)
    }

    /// Whether `call` is `Bundle.module.url(forResource:withExtension:subdirectory:)` or
    /// `Bundle.module.path(forResource:ofType:inDirectory:)`, each argument a literal (or `nil`), of a file the
    /// test's target puts in its bundle (``ScannedTest/bundled``): it is never `nil` (apple/swift-certificates
    /// 1.21.1's `Bundle.module.url(forResource: "rsa_md4", withExtension: "der", subdirectory: "CSR
    /// Vectors/cryptography")!` of `.copy("CSR Vectors/")`).
    static func isBundled(_ call: FunctionCallExprSyntax, test: ScannedTest) -> Bool {
        guard let files = test.bundled, let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            isModuleBundle(member.base)
        else { return false }
        let labels: [String]
        switch member.declName.baseName.text {
        case "url": labels = ["forResource", "withExtension", "subdirectory"]
        case "path": labels = ["forResource", "ofType", "inDirectory"]
        default: return false
        }
        var values: [String: String] = [:]
        for argument in call.arguments {
            guard let label = argument.label?.text, labels.contains(label),
                let text = literalArgument(argument.expression)
            else { return false }
            values[label] = text
        }
        guard let name = values[labels[0]], !name.isEmpty else { return false }
        let file = name + (values[labels[1]].map { $0.isEmpty ? "" : "." + $0 } ?? "")
        let folder = values[labels[2]].map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? ""
        return files.contains(folder.isEmpty ? file : folder + "/" + file)
    }

    /// `Bundle.module`, or `Foundation.Bundle.module` (apple/containerization's tests name the module).
    static func isModuleBundle(_ base: ExprSyntax?) -> Bool {
        ["Bundle.module", "Foundation.Bundle.module"].contains(base?.trimmedDescription ?? "")
    }

    /// The text of a resource lookup's argument: a plain string literal's (no escape, whose source text is not its
    /// value), `""` for `nil` (no extension, no folder); `nil` for anything else.
    static func literalArgument(_ expression: ExprSyntax) -> String? {
        if expression.is(NilLiteralExprSyntax.self) { return "" }
        guard let literal = expression.as(StringLiteralExprSyntax.self),
            let text = EqualityShapeDetector.plainText(literal), !text.contains("\\")
        else { return nil }
        return text
    }
}
