import Foundation
import SwiftSyntax

/// A test's resource looked up by name in a bundle, from a file the package holds among its tests: a test target's
/// fixture an Xcode project copies into its test bundle (`Bundle(for: type(of: self)).url(forResource:
/// "TestCartfile", withExtension: "")!`, Carthage 0.40.0), or a test class's own helper of that shape (marmelroy/Zip
/// 2.1.2's `url(forResource: "bb8", withExtension: "zip")!`). The lookup fails only when the file is not bundled,
/// a mistake of the project's set-up no regression of the code under test makes: read false in five packages on first
/// contact (47 findings, none true). Only literal names, and only a file (or, for an image, an asset of that name) that
/// is in the package's test folders, ``names(in:)``; `Bundle.module` is read against the manifest instead
/// (``BundledResource/isBundled(_:test:)``).
enum TestResources {
    /// The names of the files and folders in the package's test folders (`Tests`, or a top-level folder whose name
    /// ends in `Tests`, as marmelroy/Zip's `ZipTests`), hidden ones left out; at most 100,000 entries.
    static func names(in package: URL) -> Set<String> {
        let manager = FileManager.default
        let top = (try? manager.contentsOfDirectory(atPath: package.path)) ?? []
        var names: Set<String> = []
        var read = 0
        for folder in top where folder == "Tests" || folder.hasSuffix("Tests") {
            guard let walk = manager.enumerator(atPath: package.appendingPathComponent(folder).path) else { continue }
            while let relative = walk.nextObject() as? String, read < 100_000 {
                read += 1
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix(".") {
                    walk.skipDescendants()
                    continue
                }
                names.insert(name)
            }
        }
        return names
    }

    /// Whether `call` looks up a resource of the test bundle whose file the package holds (``names(in:)``):
    /// `url(forResource:withExtension:)` or `path(forResource:ofType:)` (with a literal subdirectory or not) of a
    /// receiver other than `Bundle.module` and `Bundle.main`, or `UIImage(named:in:compatibleWith:)` / `NSImage`'s of a bundle, each name a literal.
    static func isHeld(_ call: FunctionCallExprSyntax, test: ScannedTest) -> Bool {
        guard !test.testResources.isEmpty else { return false }
        // `Bundle.module` is read against the manifest (``BundledResource``); `Bundle.main` is not the test bundle.
        let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
        if BundledResource.isModuleBundle(base)
            || ["Bundle.main", "Foundation.Bundle.main"].contains(base?.trimmedDescription ?? "")
        {
            return false
        }
        let called =
            call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        var texts: [String: String] = [:]
        for argument in call.arguments {
            guard let label = argument.label?.text else { continue }
            // The bundle an image is looked up in is no literal.
            if label == "in" || label == "compatibleWith" { continue }
            guard let text = BundledResource.literalArgument(argument.expression) else { return false }
            texts[label] = text
        }
        switch called {
        case "url" where texts.keys.contains("forResource"), "path" where texts.keys.contains("forResource"):
            let kind = called == "url" ? "withExtension" : "ofType"
            let allowed: Set<String> = ["forResource", kind, called == "url" ? "subdirectory" : "inDirectory"]
            guard call.arguments.allSatisfy({ $0.label.map { allowed.contains($0.text) } ?? false }),
                let name = texts["forResource"], !name.isEmpty
            else { return false }
            let fileName = name.split(separator: "/").last.map(String.init) ?? name
            let ext = texts[kind] ?? ""
            return test.testResources.contains(ext.isEmpty ? fileName : fileName + "." + ext)
        case "UIImage", "NSImage":
            guard
                call.arguments.map({ $0.label?.text }) == ["named", "in", "compatibleWith"]
                    || call.arguments.map({ $0.label?.text }) == ["named", "in"],
                let name = texts["named"], !name.isEmpty
            else { return false }
            return test.testResources.contains { $0.hasPrefix(name + ".") }
        default:
            return false
        }
    }

    /// Whether `expression` (under `try!`) reads such a resource: `String(contentsOf: url, …)` or `Data(contentsOf:
    /// url)` of a held lookup unwrapped there, or of the one `let` the test binds to one (Carthage 0.40.0's `let
    /// testCartfileURL = Bundle(for: …).url(forResource: "TestCartfile", withExtension: "")!` then `try! String(contentsOf:
    /// testCartfileURL, encoding: .utf8)`).
    static func readCannotThrow(_ expression: ExprSyntax, test: ScannedTest) -> Bool {
        guard let call = expression.as(FunctionCallExprSyntax.self),
            let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            ["String", "Data"].contains(type),
            let url = call.arguments.first, url.label?.text == "contentsOf",
            call.arguments.dropFirst().allSatisfy({ $0.label?.text == "encoding" })
        else { return false }
        var value = url.expression
        if let name = value.as(DeclReferenceExprSyntax.self)?.baseName.text {
            guard let bound = test.onlyLetValue(of: name) else { return false }
            value = bound
        }
        guard let lookup = value.as(ForceUnwrapExprSyntax.self)?.expression.as(FunctionCallExprSyntax.self) else {
            return false
        }
        return isHeld(lookup, test: test)
    }

    /// Whether `call` is a call of a test helper that looks up a resource by the name it is given and returns its
    /// contents (``SourceFunctions/resourceHelper(_:labels:)``; mapbox/turf-swift v4.0.0's `Fixture.geojsonData(from:
    /// "point")`), the name a literal of a file the package's test folders hold with the helper's extension: it
    /// returns `nil`, or throws, only when that file is not bundled or cannot be read.
    static func helperFinds(_ call: FunctionCallExprSyntax, test: ScannedTest, sources: SourceFunctions?) -> Bool {
        guard let sources, !test.testResources.isEmpty, call.trailingClosure == nil,
            let name =
                call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let helper = sources.resourceHelper(name, labels: call.arguments.map { $0.label?.text }),
            helper.nameArgument < call.arguments.count,
            let resource = BundledResource.literalArgument(
                call.arguments[call.arguments.index(call.arguments.startIndex, offsetBy: helper.nameArgument)]
                    .expression),
            !resource.isEmpty
        else { return false }
        let file = resource.split(separator: "/").last.map(String.init) ?? resource
        return test.testResources.contains(helper.fileExtension.isEmpty ? file : file + "." + helper.fileExtension)
    }

    /// Whether `expression`, under `try!`, is such a helper's call (``helperFinds(_:test:sources:)``), unwrapped there
    /// or not: `try! Fixture.geojsonData(from: "point")!`.
    static func helperReadCannotThrow(_ expression: ExprSyntax, test: ScannedTest, sources: SourceFunctions?) -> Bool {
        let value = expression.as(ForceUnwrapExprSyntax.self)?.expression ?? expression
        guard let call = value.as(FunctionCallExprSyntax.self) else { return false }
        return helperFinds(call, test: test, sources: sources)
    }

    /// Whether `expression` is `Bundle(for: …).resourceURL` or `.resourcePath`: a class's bundle is loaded, and a
    /// loaded bundle has a resource folder.
    static func isClassBundleFolder(_ expression: ExprSyntax) -> Bool {
        guard let member = expression.as(MemberAccessExprSyntax.self),
            ["resourceURL", "resourcePath"].contains(member.declName.baseName.text),
            let base = member.base?.as(FunctionCallExprSyntax.self),
            base.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Bundle",
            base.arguments.map({ $0.label?.text }) == ["for"]
        else { return false }
        return true
    }
}
