import Foundation
import SwiftParser
import SwiftSyntax
import Testing

@testable import LitmusAudit

/// The reader of the compiler's typed AST, on a dump this toolchain wrote of Resources/typed/Reader.swift.txt
/// (`swiftc -dump-ast -dump-ast-format json -module-name Reader Reader.swift > Reader.json`, the file
/// named Reader.swift): the facts by place, read without compiling.
@Suite("Typed facts: the compiler's types and resolved declarations, by place")
struct TypedFactsTests {
    /// The dump's facts of Reader.swift, and the file's syntax.
    private func reader() throws -> (facts: TypedFileFacts, tree: SourceFileSyntax) {
        let files = try TypedASTReader.read(try resource("typed/Reader.json"))
        let facts = try #require(files["Reader.swift"])
        return (facts, Parser.parse(source: try resourceText("typed/Reader.swift.txt")))
    }

    /// The calls of `tree` whose text starts with `text`.
    private func call(_ text: String, in tree: SourceFileSyntax) throws -> FunctionCallExprSyntax {
        try #require(tree.descendants(of: FunctionCallExprSyntax.self).first { $0.trimmedDescription.hasPrefix(text) })
    }

    /// The comparison `text` of `tree`, as the parser leaves it.
    private func comparison(_ text: String, in tree: SourceFileSyntax) throws -> ExprSyntax {
        try #require(
            tree.descendants(of: SequenceExprSyntax.self).first { $0.trimmedDescription == text }.map(ExprSyntax.init))
    }

    @Test("The reader keeps the facts of each file the dump holds, by the name the compiler gives it")
    func files() throws {
        // When
        let files = try TypedASTReader.read(try resource("typed/Reader.json"))

        // Then
        #expect(files.keys.sorted() == ["Reader.swift"])
        #expect(try #require(files["Reader.swift"]).count > 100)
    }

    @Test("A call resolves to its declaration: the standard library's print, the package's own print(ast:)")
    func declarations() throws {
        // Given
        let (sut, tree) = try reader()

        // When
        let standard = sut.declaration(calledBy: try call("print(\"shown\")", in: tree))
        let own = sut.declaration(calledBy: try call("print(ast: 3)", in: tree))

        // Then
        #expect(standard?.usr == "s:s5print_9separator10terminatoryypd_S2StF")
        #expect(standard?.module == "Swift")
        #expect(own?.module == "Reader")
    }

    @Test("An initializer called through its type resolves to Foundation's Decimal(string:)")
    func initializer() throws {
        // Given
        let (sut, tree) = try reader()

        // When
        let declaration = sut.declaration(calledBy: try call("Decimal(string:", in: tree))

        // Then
        let module = try #require(declaration?.module)
        #expect(TypedDeclaration.foundationModules.contains(module))
        #expect(declaration?.usr.contains("7DecimalV6string") == true)
    }

    @Test("Each operand has the type the compiler gave it: Double, Decimal, Bool?, a tuple")
    func types() throws {
        // Given
        let (sut, tree) = try reader()
        func left(_ text: String) throws -> ExprSyntax {
            try #require(try comparison(text, in: tree).as(SequenceExprSyntax.self)?.elements.first)
        }

        // When
        let price = sut.type(of: try left("price == 12.5"))
        let amount = sut.type(of: try left("amount == Decimal(3)"))
        let flag = sut.type(of: try left("flag == true"))
        let pair = sut.type(of: try left("pair == (1, 2)"))

        // Then
        #expect(price?.isFloatingPoint == true)
        #expect(amount?.isFloatingPoint == false)
        #expect(flag?.isOptional == true)
        #expect(flag?.isBool == false)
        #expect(flag?.unwrapped.isBool == true)
        #expect(pair?.isTuple == true)
    }

    @Test(
        "A string or regex literal is one token to the compiler: interpolated, raw, multi-line, last in a sum, it has its type"
    )
    func literals() throws {
        // Given
        let (sut, tree) = try reader()
        let array = try #require(tree.descendants(of: ArrayExprSyntax.self).first)
        func element(_ prefix: String) throws -> ExprSyntax {
            try #require(array.elements.first { $0.expression.trimmedDescription.hasPrefix(prefix) }?.expression)
        }

        // When
        let types = try ["\"Hello", "#\"raw", "\"a\" +", "\"\"\""].map { sut.type(of: try element($0))?.mangled }
        let unwrapped = sut.type(of: try element("\"abc\".data"))
        let regex = sut.type(of: try element("#/"))

        // Then
        #expect(types == Array(repeating: "$sSSD", count: 4))
        #expect(regex?.mangled == "$s17_StringProcessing5RegexVySsGD")
        // A range that ends in a call's parenthesis after a literal ends there, not at the literal.
        #expect(unwrapped?.mangled == "$s20FoundationEssentials4DataVD")
    }

    @Test("Equatable's == is a static member; the tuples' == is a free function")
    func operators() throws {
        // Given
        let (sut, tree) = try reader()
        func usr(_ text: String) throws -> String? {
            let sequence = try #require(try comparison(text, in: tree).as(SequenceExprSyntax.self))
            let token = try #require(Array(sequence.elements)[1].as(BinaryOperatorExprSyntax.self)?.operator)
            let fact = sut.facts(startingAt: token.positionAfterSkippingLeadingTrivia.utf8Offset).first {
                sut.declaration(of: $0) != nil
            }
            return fact.flatMap(sut.declaration(of:))?.usr
        }

        // When
        let money = try usr("Money(cents: 1) == Money(cents: 1)")
        let tuple = try usr("pair == (1, 2)")

        // Then
        #expect(money?.hasSuffix("FZ") == true)
        #expect(tuple?.hasSuffix("FZ") == false)
    }

    @Test("Kept facts answer as read ones: encoded and decoded, each fact is the same")
    func kept() throws {
        // Given
        let (sut, _) = try reader()

        // When
        let decoded = try JSONDecoder().decode(TypedFileFacts.self, from: try JSONEncoder().encode(sut))

        // Then
        #expect(decoded.count == sut.count)
        #expect(decoded.facts == sut.facts)
        #expect(decoded.types == sut.types)
        #expect(decoded.declarations == sut.declarations)
    }

    @Test("What a macro expanded is left out; the arguments written in the file stay")
    func expansions() throws {
        // Given: a macro expansion with its written argument and its rewritten form
        let dump = """
            {"_kind":"source_file","filename":"T.swift","items":[{"_kind":"macro_expansion_expr","range":{"start":0,"end":9},\
            "type":"$sytD","args":[{"_kind":"integer_literal_expr","range":{"start":8,"end":8},"type":"$sSiD"}],\
            "rewritten":{"_kind":"call_expr","range":{"start":0,"end":90},"type":"$sytD","fn":{"_kind":"declref_expr",\
            "range":{"start":3,"end":3},"decl":{"_kind":"decl_ref","decl_usr":"s:7Testing5checkyyF"}}},\
            "expansion":{"_kind":"declref_expr","buffer_id":"@__swiftmacro_1","range":{"start":4,"end":4},"type":"$sSbD"}}]}
            """

        // When
        let files = try TypedASTReader.read(Data(dump.utf8))

        // Then
        let sut = try #require(files["T.swift"])
        #expect(sut.facts.map { sut.kind(of: $0) } == ["macro_expansion_expr", "integer_literal_expr"])
    }

    @Test("Text between the dump's objects is skipped, escapes are read, and only the files asked for are kept")
    func lenient() throws {
        // Given: two files, a line of diagnostics between them, an escaped name
        let dump = """
            {"_kind":"source_file","filename":"A \\"x\\".swift","items":[{"_kind":"declref_expr","range":{"start":1,"end":1},\
            "type":"$sSiD","implicit":true}]}
            warning: something {not JSON}
            {"_kind":"source_file","filename":"B.swift","items":[]}
            """

        // When
        let files = try TypedASTReader.read(Data(dump.utf8)) { $0.hasPrefix("A") }

        // Then
        #expect(files.keys.sorted() == ["A \"x\".swift"])
        #expect(files["A \"x\".swift"]?.facts.first?.implicit == true)
    }

    @Test("A dump cut short is refused, naming the byte where it stopped")
    func malformed() throws {
        // Given
        let dump = #"{"_kind":"source_file","filename":"A.swift","items":[{"_kind":"#

        // When
        let error = #expect(throws: TypedASTReader.Malformed.self) { try TypedASTReader.read(Data(dump.utf8)) }

        // Then
        #expect(error?.description.hasPrefix("the typed AST is not JSON at byte") == true)
    }
}
