import Foundation
import LitmusRunning
import LitmusSupport
import SwiftSyntax

/// The functions and types the package declares (its own sources, and its tests, whose helpers a test
/// may call by the same name), read only when a test's smell needs one: whether every function of a
/// name returns a value that cannot be `nil` (a type of the package's own), and whether a type of a name
/// is the package's. A test's
/// force unwrap of a property its suite's `init()` set from such a call cannot trap (drmohundro/SWXMLHash's
/// suites: `var xml: XMLIndexer?`, `xml = XMLHash.parse(…)` in `init()`, then `xml!["root"]` in 89 tests).
final class SourceFunctions: @unchecked Sendable {
    /// The files, listed at the first question.
    private let list: () -> [URL]
    private var texts: [String]?
    /// The files' names, beside their texts.
    private var names: [String] = []
    /// The files parsed for their classes and types, by index.
    private var trees: [Int: SourceFileSyntax] = [:]
    /// The files of the package's tests (not its own sources).
    private let testFiles: Set<URL>
    /// Whether each file is one of the tests', by index.
    private(set) var ofTests: [Bool] = []
    /// ``testOnlyDeclarations(of:)`` by name, empty for `nil`.
    private var testDeclarations: [String: [DeclGroupSyntax]] = [:]
    /// Whether each function name seen so far returns no optional, by name; files parsed once.
    private var functions: [String: Bool] = [:]
    private var parsed: Set<Int> = []
    private var types: [String: Bool] = [:]
    private var memo: [String: Bool] = [:]
    /// ``nilOnlyWhenParsesFail(_:owner:labels:)`` by function, owner and labels, `nil` answers included.
    var guardedParses: [String: [GuardedParse]?] = [:]
    /// The names the files declare as members or at their top level, parsed once when first asked.
    private var members: Set<String>?
    /// The names of the properties the files declare with a throwing getter (``neverThrows(_:)``), read once.
    var throwingGetterNames: Set<String>?
    let lock = NSLock()

    /// Whether the files hold the package's own sources, not only its tests: without them, a name the files do
    /// not declare may still be the package's.
    let readsPackage: Bool

    /// The declarations of the files `list` gives when first asked; `readsPackage` when they hold the package's
    /// own sources; `tests` the files of those that are the package's tests.
    init(files list: @escaping () -> [URL], readsPackage: Bool = true, tests: [URL] = []) {
        self.list = list
        self.readsPackage = readsPackage
        self.testFiles = Set(tests.map(\.standardizedFileURL))
    }

    convenience init(files: [URL]) {
        self.init { files }
    }

    /// Whether the files declare a function `name` and none of that name returns anything but a plain
    /// named type of the package's (``isPlainResult(_:)``): neither optional (`T?`, `T!`, `Optional<T>`), nor a generic
    /// parameter, nor a type alias or associated type.
    func returnsNonOptional(_ name: String) -> Bool {
        lock.withLock {
            parseDeclaring(name)
            return functions[name] ?? false
        }
    }

    /// ``returnsNonOptional(_:)`` of the functions `name` that `owner` and its extensions declare, when they
    /// declare any (`Application.make(.testing)` of vapor 4.122.3, whose other types declare a `make` that
    /// returns an optional); of every function `name` otherwise.
    func returnsNonOptional(_ name: String, of owner: String) -> Bool {
        lock.withLock {
            parseDeclaring(name)
            return functions["\(owner).\(name)"] ?? functions[name] ?? false
        }
    }

    /// Parses, once, each file that may declare a function `name` (the lock held).
    private func parseDeclaring(_ name: String) {
        for (index, text) in loaded().enumerated()
        where !parsed.contains(index) && ByteSearch.contains("func \(name)", in: text) {
            parsed.insert(index)
            record(SwiftSource.parse(text))
        }
    }

    /// Whether the files declare a function `name` that returns `Data`, and every such function returns a
    /// string's UTF-8 (``UTF8Text``): the text of what it returns is never `nil`.
    func returnsUTF8Text(_ name: String) -> Bool {
        let texts = lock.withLock { loaded() }
        return remembered("utf8Text|\(name)") {
            let verdicts = texts.filter { declares($0, "func \(name)") }.flatMap { text in
                SwiftSource.parse(text).descendants(of: FunctionDeclSyntax.self).filter { $0.name.text == name }
                    .compactMap(UTF8Text.verdict)
            }
            return verdicts.contains(.text) && !verdicts.contains(.other)
        }
    }

    /// Whether the files declare a type `name` (`struct`, `class`, `enum`, `actor`).
    func declaresType(_ name: String) -> Bool {
        lock.withLock {
            declaredType(name)
        }
    }

    /// Whether the files declare the type `name` (``declaresType(_:)``) and no failable initializer of it
    /// (`init?`, `init!`) in it or an extension of it, nor make it an enum with a raw type (whose `init?(rawValue:)`
    /// the compiler writes): each `name(…)` or `.init(…)` that makes one gives a value. A protocol extension's
    /// `init?` is not read.
    func initializesOnlyValues(_ name: String) -> Bool {
        remembered("plainInit|\(name)") {
            let texts = lock.withLock { declaredType(name) ? loaded() : [] }
            guard !texts.isEmpty else { return false }
            for text in texts where ByteSearch.contains(name, in: text) {
                let tree = SwiftSource.parse(text)
                // An enum with a raw type has the `init?(rawValue:)` the compiler writes.
                let rawEnum = tree.descendants(of: EnumDeclSyntax.self).contains {
                    $0.name.text == name && $0.inheritanceClause != nil
                }
                let failable = tree.descendants(of: InitializerDeclSyntax.self).contains {
                    $0.optionalMark != nil
                        && Self.ownerName(of: Syntax($0)) == name
                }
                if rawEnum || failable { return false }
            }
            return true
        }
    }

    /// Whether the files declare an initializer whose first argument is labelled `label` (`init?(secondsFromGMT:`):
    /// a call `.init(label: …)` may be the package's own.
    func declaresInitializer(label: String) -> Bool {
        // A declaration starts its line's word: `.init(label:` and `Type.init(label:` call one.
        let declaration = #"(^|\s)init[?!]?\("# + NSRegularExpression.escapedPattern(for: label) + #"[:\s]"#
        return remembered("init|\(label)") {
            lock.withLock { loaded().contains { $0.range(of: declaration, options: .regularExpression) != nil } }
        }
    }

    /// Whether the files declare `name` as a member of a type or extension, or at their top level (a property, a
    /// function, an enumeration's case, a type alias; not an initializer, a subscript, an extended type's name,
    /// nor a local of a function's body): what a test reads through that name may be the package's own code.
    func declaresMember(_ name: String) -> Bool {
        lock.withLock {
            if let members { return members.contains(name) }
            let collector = DeclaredNames()
            for text in loaded() { collector.walk(SwiftSource.parse(text)) }
            members = collector.names
            return collector.names.contains(name)
        }
    }

    /// ``declaresType(_:)``, with the lock held.
    func declaredType(_ name: String) -> Bool {
        if let known = types[name] { return known }
        let declared = loaded().contains { text in
            ["struct", "class", "enum", "actor"].contains { keyword in declares(text, "\(keyword) \(name)") }
        }
        types[name] = declared
        return declared
    }

    /// The `test…()` methods a test class of another module passes on to its subclasses, when the files
    /// declare the class `name` and its chain of superclasses there reaches `XCTestCase`: its own and its
    /// superclasses' instance methods named `test…` without parameters, with the name of its file; `nil`
    /// when the files do not declare such a class.
    func inheritedTests(of name: String) -> (methods: [String], file: String)? {
        lock.withLock {
            var methods: [String] = []
            var file: String?
            var current = name
            var seen: Set<String> = []
            while seen.insert(current).inserted {
                guard let (declaration, url) = classDeclaration(current) else { return nil }
                file = file ?? url
                methods += declaration.memberBlock.members.compactMap { member -> String? in
                    guard let function = member.decl.as(FunctionDeclSyntax.self),
                        NeverRunDetector.isTestName(function.name.text),
                        function.signature.parameterClause.parameters.isEmpty,
                        !function.modifiers.contains(where: {
                            ["static", "class", "private", "fileprivate"].contains($0.name.text)
                        })
                    else { return nil }
                    return function.name.text
                }
                guard let base = TargetTypes.firstInherited(declaration.inheritanceClause) else { return nil }
                if base == "XCTestCase" { return file.map { (methods, $0) } }
                current = base
            }
            return nil
        }
    }

    /// The classes the files declare that `name` is or inherits, `name` first, each followed by the class it
    /// inherits, up to one the files do not declare (`XCTestCase`) or one already listed; empty when more files than
    /// one declare a class of the chain (two test targets' `BaseTestCase`): which one is inherited is not known.
    func classChain(from name: String) -> [ClassDeclSyntax] {
        lock.withLock {
            var chain: [ClassDeclSyntax] = []
            var seen: Set<String> = []
            var current: String? = name
            while let next = current, seen.insert(next).inserted {
                let declarations = loaded().indices.filter { declares(loaded()[$0], "class \(next)") }.compactMap {
                    tree($0).descendants(of: ClassDeclSyntax.self).first { $0.name.text == next }
                }
                guard declarations.count <= 1 else { return [] }
                guard let declaration = declarations.first else { break }
                chain.append(declaration)
                current = TargetTypes.firstInherited(declaration.inheritanceClause)
            }
            return chain
        }
    }

    /// The files, parsed, whose text holds a match of the regular expression `pattern`.
    func trees(matching pattern: String) -> [SourceFileSyntax] {
        lock.withLock {
            loaded().indices.filter { loaded()[$0].range(of: pattern, options: .regularExpression) != nil }.map(tree)
        }
    }

    /// The class `name` the files declare, with its file's name; parsed once per file. Call it with the lock held.
    func classDeclaration(_ name: String) -> (ClassDeclSyntax, String)? {
        let texts = loaded()
        for (index, text) in texts.enumerated() where declares(text, "class \(name)") {
            let tree = trees[index] ?? SwiftSource.parse(text)
            trees[index] = tree
            if let declaration = tree.descendants(of: ClassDeclSyntax.self).first(where: { $0.name.text == name }) {
                return (declaration, names[index])
            }
        }
        return nil
    }

    /// The declaration of the type `name` (``typeDeclarations(in:named:)``) and its extensions, when the package's tests declare it and its
    /// own sources do not (so the package's code cannot name its members): read once per name; `nil` otherwise.
    func testOnlyDeclarations(of name: String) -> [DeclGroupSyntax]? {
        lock.withLock {
            if let known = testDeclarations[name] { return known.isEmpty ? nil : known }
            var found: [DeclGroupSyntax] = []
            var ownedByTests = declaredType(name)
            if ownedByTests {
                for (index, text) in loaded().enumerated() where declares(text, name) {
                    let here = tree(index).statements.flatMap { Self.typeDeclarations(in: Syntax($0), named: name) }
                    if !here.isEmpty && !ofTests[index] { ownedByTests = false }
                    found += here
                }
            }
            let answer = ownedByTests && found.contains { !$0.is(ExtensionDeclSyntax.self) } ? found : []
            testDeclarations[name] = answer
            return answer.isEmpty ? nil : answer
        }
    }

    /// Whether a protocol the files declare requires a property `name` (`var token: String? { get set }`): a
    /// protocol extension's method may set it on any value of a conforming type.
    func requiresProperty(_ name: String) -> Bool {
        remembered("requirement|\(name)") {
            lock.withLock {
                loaded().enumerated().contains { index, text in
                    declares(text, "var \(name)") && ByteSearch.contains("protocol ", in: text)
                        && tree(index).descendants(of: ProtocolDeclSyntax.self).contains { requirement in
                            requirement.memberBlock.members.contains { member in
                                member.decl.as(VariableDeclSyntax.self)?.bindings.contains {
                                    $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                                } == true
                            }
                        }
                }
            }
        }
    }

    /// The file `index` parsed, once (the lock held).
    func tree(_ index: Int) -> SourceFileSyntax {
        if let tree = trees[index] { return tree }
        let tree = SwiftSource.parse(loaded()[index])
        trees[index] = tree
        return tree
    }

    /// Whether a class of the files inherits the class `name` (`class Derived: Name`): without one, an `override
    /// func setUp()` of `name` is the last word on what each of its tests finds set.
    func isSubclassed(_ name: String) -> Bool {
        remembered("subclassed|\(name)") {
            lock.withLock {
                for (index, text) in loaded().enumerated() where declares(text, name) {
                    if tree(index).descendants(of: ClassDeclSyntax.self).contains(where: {
                        TargetTypes.firstInherited($0.inheritanceClause) == name
                    }) {
                        return true
                    }
                }
                return false
            }
        }
    }

    /// The answer `compute` gives for `key`, computed once.
    func remembered(_ key: String, _ compute: () -> Bool) -> Bool {
        if let known = lock.withLock({ memo[key] }) { return known }
        let answer = compute()
        lock.withLock { memo[key] = answer }
        return answer
    }

    func loaded() -> [String] {
        if let texts { return texts }
        let read = list().compactMap { url in
            (try? String(contentsOf: url, encoding: .utf8)).map { (url, $0) }
        }
        names = read.map(\.0.lastPathComponent)
        ofTests = read.map { testFiles.contains($0.0.standardizedFileURL) }
        texts = read.map(\.1)
        return read.map(\.1)
    }

    /// Whether `text` holds `phrase` followed by a character that ends a name.
    func declares(_ text: String, _ phrase: String) -> Bool { ByteSearch.holdsName(phrase, in: text) }

    private func record(_ tree: SourceFileSyntax) {
        for function in tree.descendants(of: FunctionDeclSyntax.self) {
            let name = function.name.text
            let plain = isPlainResult(function)
            functions[name] = (functions[name] ?? true) && plain
            if let owner = Self.owner(of: Syntax(function)) {
                functions["\(owner).\(name)"] = (functions["\(owner).\(name)"] ?? true) && plain
            }
        }
    }

    /// The last part of ``owner(of:)``: `Inner` of an extension of `Outer.Inner`.
    static func ownerName(of declaration: Syntax) -> String? {
        owner(of: declaration)?.split(separator: ".").last.map(String.init)
    }

    /// The type `declaration` is a member of: its class, struct, enum or actor, or the type its extension extends.
    static func owner(of declaration: Syntax) -> String? {
        var current = declaration.parent
        while let node = current {
            if let declaration = node.asProtocol(NamedDeclSyntax.self), !node.is(FunctionDeclSyntax.self) {
                return declaration.name.text
            }
            if let extended = node.as(ExtensionDeclSyntax.self) { return extended.extendedType.trimmedDescription }
            current = node.parent
        }
        return nil
    }

    /// Whether `function` returns a plain named type the package declares (a struct, class, enum or
    /// actor of its own, with generic arguments or not: AsyncNinja 1.4.0's `func future<Success>(success:) ->
    /// Future<Success>` is a `Future` whatever its arguments): never an optional (`T?`, `T!`, `Optional<T>`), a
    /// generic parameter, a type alias or an associated type, which an optional may fill.
    private func isPlainResult(_ function: FunctionDeclSyntax) -> Bool {
        guard let type = function.signature.returnClause?.type.as(IdentifierTypeSyntax.self) else { return false }
        let name = type.name.text
        let generic = function.genericParameterClause?.parameters.map(\.name.text) ?? []
        return !generic.contains(name) && declaredType(name)
    }
}

/// The names a file declares outside function bodies: properties, functions, enumeration cases, type aliases (not
/// the names of types: ``SourceFunctions/declaresType(_:)`` reads those).
private final class DeclaredNames: SyntaxVisitor {
    var names: Set<String> = []

    init() { super.init(viewMode: .sourceAccurate) }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        names.formUnion(
            node.bindings.flatMap { $0.pattern.descendants(of: IdentifierPatternSyntax.self) }.map(\.identifier.text))
        return .skipChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.name.text)
        return .skipChildren
    }

    override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.name.text)
        return .skipChildren
    }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.name.text)
        return .skipChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
