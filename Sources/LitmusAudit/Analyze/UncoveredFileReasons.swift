import Foundation
import LitmusRunning
import SwiftSyntax

/// Why a source file no test executes is no finding of the tests, when it is not: only code this platform's
/// build does not compile uses it (``user(of:siblings:tests:)``: Quick 7.6.2's `URL+FileName.swift` declares
/// `URL.fileName`, and its only caller is inside `#if canImport(Darwin)`: on Linux nothing can execute it), or
/// no test needs to execute it (``needsNoTest(_:testSupport:)``: test support, deprecated code, a macro's
/// entry point). A file whose names are used nowhere, or anywhere this build compiles, is left a finding.
enum UncoveredFileReasons {
    /// The first file of `siblings` (path and text, the other files of `file`'s target) that uses a name
    /// `text` declares, when every use of those names in them is in code this build does not compile;
    /// `nil` when one is compiled, when none is used, or when the file declares no name.
    static func user(of text: String, siblings: [(path: String, text: String)]) -> String? {
        user(of: text, siblings: siblings, tests: [])
    }

    /// ``user(of:siblings:)`` with the package's `tests` too. Only the names the file declares at its top
    /// level are looked for (its types and functions: swift-clocks 1.1.1's `UnimplementedClock`, whose tests
    /// are inside `#if DEBUG && canImport(Darwin)`), since its members' names (`now`, `sleep`) are any other
    /// clock's words; a file that declares none there (extensions only, Quick's `URL.fileName`) is looked for
    /// by its extensions' members (``extensionMemberNames(_:)``), and one with none of those by all its names.
    static func user(
        of text: String, siblings: [(path: String, text: String)], tests: [(path: String, text: String)]
    ) -> String? {
        let tree = SwiftSource.parse(text)
        let names = declaredNames(tree)
        guard !names.isEmpty else { return nil }
        let topLevel = topLevelNames(tree)
        let extended = extensionMemberNames(tree)
        let looked = !topLevel.isEmpty ? topLevel : !extended.isEmpty ? extended : names
        let inSources = uses(of: looked, in: siblings)
        let inTests = uses(of: looked, in: tests)
        if inSources.compiled || inTests.compiled { return nil }
        return inSources.first ?? inTests.first
    }

    /// Whether `files` use one of `names` in code this build compiles, and the first file that uses one.
    private static func uses(of names: Set<String>, in files: [(path: String, text: String)]) -> (
        compiled: Bool, first: String?
    ) {
        var first: String?
        for file in files {
            let tree = SwiftSource.parse(file.text)
            let regions = CompiledRegions(tree)
            for token in tree.tokens(viewMode: .sourceAccurate) {
                guard case .identifier(let name) = token.tokenKind, names.contains(name) else { continue }
                if regions.compiles(token) { return (true, first) }
                first = first ?? file.path
            }
        }
        return (false, first)
    }

    /// The statements and declarations at `tree`'s top level, those inside `#if` clauses too.
    static func topLevelItems(_ tree: SourceFileSyntax) -> [CodeBlockItemSyntax] {
        var found: [CodeBlockItemSyntax] = []
        func collect(_ items: CodeBlockItemListSyntax) {
            for item in items {
                guard let clauses = item.item.as(IfConfigDeclSyntax.self)?.clauses else {
                    found.append(item)
                    continue
                }
                for clause in clauses {
                    if case .statements(let inner)? = clause.elements { collect(inner) }
                }
            }
        }
        collect(tree.statements)
        return found
    }

    /// The names of the types and functions `tree` declares at its top level, inside `#if` clauses too.
    static func topLevelNames(_ tree: SourceFileSyntax) -> Set<String> {
        Set(
            topLevelItems(tree).compactMap { item in
                guard let named = item.item.asProtocol(NamedDeclSyntax.self), !item.item.is(VariableDeclSyntax.self),
                    case .identifier(let name) = named.name.tokenKind
                else { return nil }
                return name
            })
    }

    /// The names of the members of `tree`'s top-level extensions, inside `#if` clauses too: a nested type's
    /// name, not its members' (swift-dependencies 1.17.1's `DependencyValues.notificationCenter`, whose
    /// private key type's `liveValue` and `testValue` are every dependency's words, and whose only tests are
    /// inside `#if canImport(Combine)`).
    static func extensionMemberNames(_ tree: SourceFileSyntax) -> Set<String> {
        let members = topLevelItems(tree).compactMap { $0.item.as(ExtensionDeclSyntax.self) }.flatMap {
            $0.memberBlock.members
        }
        return Set(
            members.flatMap { member -> [String] in
                if let variable = member.decl.as(VariableDeclSyntax.self) {
                    return variable.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
                }
                guard let named = member.decl.asProtocol(NamedDeclSyntax.self),
                    case .identifier(let name) = named.name.tokenKind
                else { return [] }
                return [name]
            })
    }

    /// The names `tree` declares at its top level and in its extensions and types: functions, properties,
    /// types, protocols and type aliases (initializers, subscripts and operators have no name to look for).
    static func declaredNames(_ tree: SourceFileSyntax) -> Set<String> {
        var names: Set<String> = []
        func collect(_ node: Syntax) {
            if let variable = node.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    if let pattern = binding.pattern.as(IdentifierPatternSyntax.self) {
                        names.insert(pattern.identifier.text)
                    }
                }
                return
            }
            if node.is(ClosureExprSyntax.self) { return }
            if let named = node.asProtocol(NamedDeclSyntax.self), case .identifier(let name) = named.name.tokenKind {
                names.insert(name)
                // A function's or a type alias's body holds only its locals; a type's holds its members.
                if node.is(FunctionDeclSyntax.self) || node.is(TypeAliasDeclSyntax.self) { return }
            }
            for child in node.children(viewMode: .sourceAccurate) { collect(child) }
        }
        collect(Syntax(tree))
        return names
    }

    /// `coverage` with each file no test executes marked when no test of the package needs to execute it
    /// (``needsNoTest(_:testSupport:)``, its target among `sourceFolders`), or when only code this build does not
    /// compile uses it (``user(of:siblings:)``): the other Swift files of the file's target folder
    /// (`Sources/<Target>/…`), or the tests (the Swift files under `testFolders`). Folders are relative to
    /// `package`, whose sources are read.
    static func marked(
        _ coverage: CoverageReport, package: URL, sourceFolders: [String] = [], testFolders: [String] = [],
        testOnlyFolders: Set<String> = []
    ) -> CoverageReport {
        var marked = coverage
        var tests: [(path: String, text: String)]?
        var support: [String: String]?
        for index in marked.files.indices where marked.files[index].coveredLines == 0 && marked.files[index].lines > 0 {
            let file = marked.files[index].file
            let parts = file.split(separator: "/")
            guard parts.count > 2,
                let text = try? String(contentsOf: package.appendingPathComponent(file), encoding: .utf8)
            else { continue }
            let testSupport = support ?? testSupportTargets(sourceFolders, in: package, testOnly: testOnlyFolders)
            support = testSupport
            let target =
                sourceFolders.filter { file.hasPrefix($0 + "/") }.max { $0.count < $1.count }
                ?? parts.prefix(2).joined(separator: "/")
            if let reason = needsNoTest(text, testSupport: testSupport[target]) {
                marked.files[index].needsNoTest = reason
                continue
            }
            let siblings = swiftFiles(under: target, in: package).filter { $0.path != file }
            let testFiles = tests ?? testFolders.flatMap { swiftFiles(under: $0, in: package) }
            tests = testFiles
            marked.files[index].usedOnlyOnOtherPlatformsBy = user(of: text, siblings: siblings, tests: testFiles)
        }
        return marked
    }

    /// The Swift files under `folder` (relative to `package`), each with its path relative to `package`.
    static func swiftFiles(under folder: String, in package: URL) -> [(path: String, text: String)] {
        let root = package.appendingPathComponent(folder)
        return (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted().map { folder + "/" + $0 }
            .compactMap { path in
                (try? String(contentsOf: package.appendingPathComponent(path), encoding: .utf8)).map {
                    (path: path, text: $0)
                }
            }
    }

    /// The targets among `folders` that are test support, each with what makes it so: a target that imports
    /// XCTest or Testing in code this build compiles, in a package whose other targets with Swift files do not (swift-numerics'
    /// `_TestSupport`; sql-kit's `SQLKitBenchmark`, which database drivers run against their databases). In a
    /// testing library, where every target imports one (Nimble, Quick), none is: the library is under test.
    /// And the library targets of `testOnly`, which no product holds and tests depend on (swift-numerics'
    /// `_TestSupport`).
    static func testSupportTargets(
        _ folders: [String], in package: URL, testOnly: Set<String> = []
    ) -> [String: String] {
        let onlyForTests = Dictionary(
            uniqueKeysWithValues: testOnly.sorted().map { ($0, "no product holds \($0), and tests depend on it") })
        var importing: [String: String] = [:]
        // A target with no Swift file (C, Objective-C: Quick/Nimble 14.0.0's NimbleObjectiveC) is no Swift
        // library the others could be told from.
        let files = Dictionary(
            folders.map { ($0, swiftFiles(under: $0, in: package)) }, uniquingKeysWith: { first, _ in first })
        var seen: Set<String> = []
        let candidates = folders.filter {
            seen.insert($0).inserted && !testOnly.contains($0) && files[$0]?.isEmpty == false
        }
        for folder in candidates {
            // Only a file whose text names one of the modules is parsed (`import XCTest`, `import class
            // XCTest.XCTestCase`): a large package's sources mostly do not.
            for file in files[folder] ?? []
            where file.text.contains("XCTest") || file.text.contains("Testing") {
                let tree = SwiftSource.parse(file.text)
                let regions = CompiledRegions(tree)
                let module = tree.descendants(of: ImportDeclSyntax.self).first { importDecl in
                    regions.compiles(importDecl)
                        && ["XCTest", "Testing"].contains(importDecl.path.first?.name.text ?? "")
                }?.path.first?.name.text
                if let module {
                    importing[folder] = "\(file.path) imports \(module), and the package's other targets do not"
                    break
                }
            }
        }
        return (importing.count < candidates.count ? importing : [:]).merging(onlyForTests) { imports, _ in imports }
    }

    /// Why no test of the package needs to execute the source file `text`, or `nil`:
    /// - its target is test support (`testSupport`, what makes it so: ``testSupportTargets(_:in:)``), the code
    ///   of tests, not code under test;
    /// - every declaration of it that holds code is deprecated or unavailable (`@available(*, deprecated,
    ///   renamed: …)`, or inside a type or extension so marked): kept so that old code still compiles.
    static func needsNoTest(_ text: String, testSupport: String?) -> String? {
        if let testSupport {
            return "its target is test support (\(testSupport)): code the tests run, not code under test"
        }
        let withCode = SwiftSource.parse(text).descendants(of: Syntax.self).filter(holdsCode)
        if !withCode.isEmpty, withCode.allSatisfy(isDeprecated) {
            return "every declaration in it that holds code is deprecated: it is kept so that old code still compiles"
        }
        if !withCode.isEmpty, withCode.allSatisfy(isInCompilerPlugin) {
            return "it is a compiler plugin's entry point (`@main` and `CompilerPlugin`): the compiler runs it, and "
                + "tests expand the macros it lists directly"
        }
        return nil
    }

    /// Whether `node` is inside a `@main` type that conforms to `CompilerPlugin` (a macro target's entry point,
    /// pointfreeco/swift-case-paths 1.10.0's `CasePathsPlugin`).
    private static func isInCompilerPlugin(_ node: Syntax) -> Bool {
        var current: Syntax? = node
        while let syntax = current {
            if let type = syntax.asProtocol(DeclGroupSyntax.self),
                type.attributes.contains(where: {
                    $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "main"
                }),
                type.inheritanceClause?.inheritedTypes.contains(where: {
                    $0.type.trimmedDescription.hasSuffix("CompilerPlugin")
                }) == true
            {
                return true
            }
            current = syntax.parent
        }
        return false
    }

    /// A declaration with a body of code: a function, an initializer, a deinitializer, a subscript, or a
    /// computed property's accessors.
    private static func holdsCode(_ node: Syntax) -> Bool {
        if let function = node.as(FunctionDeclSyntax.self) { return function.body != nil }
        if let initializer = node.as(InitializerDeclSyntax.self) { return initializer.body != nil }
        if node.is(DeinitializerDeclSyntax.self) || node.is(SubscriptDeclSyntax.self) { return true }
        if let variable = node.as(VariableDeclSyntax.self) {
            return variable.bindings.contains { $0.accessorBlock != nil || $0.initializer != nil }
        }
        return false
    }

    /// Whether `node`, or a declaration around it, is marked deprecated, unavailable or obsoleted.
    private static func isDeprecated(_ node: Syntax) -> Bool {
        var current: Syntax? = node
        while let syntax = current {
            if let attributes = syntax.asProtocol(WithAttributesSyntax.self)?.attributes {
                for attribute in attributes {
                    guard let attribute = attribute.as(AttributeSyntax.self),
                        attribute.attributeName.trimmedDescription == "available"
                    else { continue }
                    let arguments = attribute.arguments?.trimmedDescription ?? ""
                    if ["deprecated", "unavailable", "obsoleted"].contains(where: arguments.contains) { return true }
                }
            }
            current = syntax.parent
        }
        return false
    }
}
