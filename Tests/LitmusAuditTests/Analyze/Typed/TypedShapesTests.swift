import Foundation
import Testing

@testable import LitmusAudit

/// The static findings decided by the compiler's facts, on the TypedShapes fixture (Tests/Fixtures/TypedShapes):
/// each shape that names and syntax got wrong on real packages, beside a near miss still reported. The facts
/// are the checked-in ones (Resources/typed/TypedShapes.facts.json, which TypedFactsEndToEndTests holds to
/// what the compiler gives), so no test here compiles. Each test also reads the same files without facts, as
/// `litmus smells` does: what the syntax alone says, and that it says it is unconfirmed.
@Suite("Typed facts decide the static findings: the shapes names got wrong, and their near misses")
struct TypedShapesTests {
    static let tests = FixtureAudits.fixtures.appendingPathComponent("TypedShapes/Tests/ShapesTests")

    /// The fixture's test files.
    static var files: [URL] {
        ((try? FileManager.default.contentsOfDirectory(atPath: tests.path)) ?? []).sorted().map {
            tests.appendingPathComponent($0)
        }
    }

    /// The checked-in facts, by the fixture's files' paths here.
    static func facts() throws -> TypedFacts {
        let kept = try JSONDecoder().decode(
            [String: TypedFileFacts].self, from: try resource("typed/TypedShapes.facts.json"))
        let root = FixtureAudits.fixtures.appendingPathComponent("TypedShapes").path
        return TypedFacts(files: Dictionary(uniqueKeysWithValues: kept.map { ("\(root)/\($0.key)", $0.value) }))
    }

    /// The analysis of the fixture's tests, with the facts or without.
    static func analysis(typed: Bool) throws -> SourceAnalysis {
        var sut = TestSourceAnalyzer()
        sut.typedFacts = typed ? try facts() : nil
        let sources = FixtureAudits.fixtures.appendingPathComponent("TypedShapes/Sources/Shapes/Shapes.swift")
        sut.sourceFiles = { [sources] }
        return sut.analyze(modules: ["ShapesTests": files])
    }

    /// The tests with a finding of `kind` (their methods' names), and whether each is unconfirmed.
    static func found(_ kind: FindingKind, typed: Bool) throws -> [String: Bool] {
        let findings = try analysis(typed: typed).findings.filter { $0.kind == kind }
        return Dictionary(
            findings.map { (String($0.testName?.split(separator: ".").last ?? ""), $0.finding.unconfirmed != nil) }
        ) { first, _ in first }
    }

    @Test("redundantPrint: the package's own print(ast:) and a dump in a check's message are none; print is")
    func prints() throws {
        #expect(try Self.found(.redundantPrint, typed: true) == ["PrintTests/standardPrint": false])
        #expect(
            try Self.found(.redundantPrint, typed: false) == [
                "PrintTests/ownPrintReturnsTheText": true, "PrintTests/standardPrint": true,
            ])
    }

    @Test(
        "floatEquality: not a Decimal, a type compared as text, an exact quotient, whole numbers; computed Doubles are one"
    )
    func floats() throws {
        let typed = try Self.found(.floatEquality, typed: true)
        #expect(
            typed == [
                "testComputedRatios": false, "testRatioLiteral": false, "testOneSideRounded": false,
                "testScaledRounding": false, "testRoundingOfTwoCalls": false,
            ], "\(typed)")
        #expect(
            try Self.found(.floatEquality, typed: false) == [
                "testDecimalAmount": true, "testVersionComparedAsText": true, "testRatioLiteral": true,
            ])
    }

    @Test("boolAssertEquality: not a Bool? (an optional chain's too), a Boolean-literal type, tuples, two types")
    func booleans() throws {
        #expect(
            try Self.found(.boolAssertEquality, typed: true) == [
                "BoolTests/loadedFlag": false, "BoolTests/awaitedLoadedFlag": false, "testMoney": false,
                "testWordAgainstLiteral": false,
            ])
        let untyped = try Self.found(.boolAssertEquality, typed: false)
        // `Settings().isEnabled("dark")`: without facts, the package's only `isEnabled(_:)` returning a `Bool?` says so.
        #expect(untyped["BoolTests/optionalFlag"] == nil)
        // A tuple written out needs no facts: the syntax shows it (a free `==`, no XCTAssertEqual to offer).
        #expect(untyped["testPairs"] == nil)
        // A code compared with bytes by its own `==`: only the facts show the two types, which no XCTAssertEqual takes.
        #expect(untyped["testTagAgainstBytes"] == true)
    }

    @Test(
        "trapInTest: literals that parse (URL's too, as .init), Unicode data, a value setUp made, Foundation's encoding of a local function's literals cannot fail; the rest can"
    )
    func traps() throws {
        let typed = try Self.found(.trapInTest, typed: true)
        #expect(
            Set(typed.keys) == [
                "testLiteralThatDoesNotParse", "testValueFromOutside", "testASCIIData", "testInterpolatedASCIIData",
                "testImplicitURLThatDoesNotParse", "testEntrySetUpFound", "testEntryJustFound",
                "testEncodedPackageValueOfALocalFunction",
            ])
        // Without the facts, a method of a value is not known to return a value, set up or just set: still traps.
        // `.init(string:)` of a literal is not known to be URL's, nor the literal parsed, but no initializer of the
        // package's has that label: a library's, the same every run, no trap whether it parses or not
        // (TrapProvenance). Nor is `encode` known to be Foundation's, not the package's `encode(to:)`.
        #expect(
            Set(try Self.found(.trapInTest, typed: false).keys)
                == Set(typed.keys).subtracting(["testImplicitURLThatDoesNotParse"])
                .union(["testEntrySetUpRead", "testEntryJustRead", "testEncodedLiteralsOfALocalFunction"]))
    }

    @Test("conditionalTestLogic: a way through is skippable only when no check on it or after it fails")
    func conditionals() throws {
        let found = try Self.found(.conditionalTestLogic, typed: true)
        #expect(
            Set(found.keys) == [
                "testEveryItemIsPriced", "testNamedItemsUnchecked", "testSquareDispatch", "testBufferOfAnySize",
                "testTableFilteredByTheCode", "testFoundItemMayBeMissing", "testMadeMoneyReplaced",
                "testWeakCartMayBeGone",
            ])
        // Without the facts, the value just made may be a failable initializer's: its branch is a skip.
        #expect(try Self.found(.conditionalTestLogic, typed: false).keys.contains("testJustMadeMoney"))
    }

    @Test("neverRan: a class in an #if on a module the package lacks is not compiled, so not expected to run")
    func compiledClasses() throws {
        let typed = try Self.analysis(typed: true).classes.map(\.name)
        let untyped = try Self.analysis(typed: false).classes.map(\.name)
        #expect(!typed.contains("PublisherTests"))
        #expect(typed.contains("FoundationTests"))
        #expect(untyped.contains("PublisherTests"))
    }

    @Test("noAssertion: a TestStore's actions check; a package's own send does not")
    func libraryChecks() throws {
        #expect(try Self.found(.noAssertion, typed: true).keys.sorted() == ["testChannel"])
        #expect(try Self.found(.noAssertion, typed: false).keys.sorted() == ["testChannel"])
    }

    @Test(
        "duplicateAssert: a value checked twice is a repeat whatever lies between; a class's instance, or a struct's property across a call, is not"
    )
    func repeats() throws {
        // A struct's property read across a call (testHarnessCheckedAcrossClose) is no repeat: it may read a class;
        // an array's (testArrayCountCheckedTwice) is
        let typed = try Self.found(.duplicateAssert, typed: true)
        #expect(typed == ["testTotalCheckedTwice": false, "testArrayCountCheckedTwice": false], "\(typed)")
        // Without the facts, only the let bound to a literal is known to be a value
        let untyped = try Self.found(.duplicateAssert, typed: false)
        #expect(Set(untyped.keys) == ["testArrayCountCheckedTwice"], "\(untyped)")
    }

    @Test(
        "sensitiveEquality: the package's description (a member or `String(describing:)`), its error's message, a field, an Int's digits are none; a URL's, a struct's, a Double's, an existential's is"
    )
    func descriptions() throws {
        #expect(
            try Self.found(.sensitiveEquality, typed: true) == [
                "TextTests/addressComparedAsText": false, "TextTests/pointComparedAsText": false,
                "TextTests/userAddressAsText": false, "TextTests/userAddressDescribed": false,
                "TextTests/fractionalCountAsText": false, "TextTests/existentialDescribed": false,
            ])
        // Without facts, the error's message is still found in the package's sources (and so is the URL's text,
        // which only the facts tell is Foundation's), and so is the `description` the package's `Provider` declares,
        // read from `Provider(name:)`, and the text `String(describing:)` prints of it, which its conformance to
        // `CustomStringConvertible` makes its own; through an existential, or of a struct that does not conform, only
        // the facts tell what it prints, so both are unconfirmed, as is the rest. A `count` is taken for an `Int` (a
        // length's digits, none), so the `Double` one is missed: only the facts tell its `3.0`.
        #expect(
            try Self.found(.sensitiveEquality, typed: false) == [
                "TextTests/parameterField": true, "TextTests/existentialDescribed": true,
                "TextTests/pointComparedAsText": true, "TextTests/addressComparedAsText": true,
            ])
    }

    @Test("A text the package writes: a literal's fixed parts around values, long enough to be a message")
    func packageTexts() throws {
        // Given: a file of messages, with and without interpolations, and a short format; texts in a
        // test-support library and in a fixture
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("texts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Sources/Kit/Errors.swift")
        let support = folder.appendingPathComponent("Sources/KitTestSupport/Expected.swift")
        let fixture = folder.appendingPathComponent("Tests/Fixtures/Expected.swift")
        for url in [file, support, fixture] {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        try "import XCTest\nlet expected = \"The support library expects this text.\"\n".write(
            to: support, atomically: true, encoding: .utf8)
        try "let expected = \"The fixture expects this other text.\"\n".write(
            to: fixture, atomically: true, encoding: .utf8)
        try #"""
        let a = "You cannot create references to components that do not exist. '\(name)' was not found in \(kind)."
        let b = "\(count) values were \"missing\""
        let c = "\(key): \(value)"
        """#.write(to: file, atomically: true, encoding: .utf8)
        let sut = PackageTexts(files: { [file, support, fixture] })

        // Then: a text made from a message with values for its interpolations, escapes read; not another text,
        // nor one the short format fits, nor one mostly made of values
        #expect(
            sut.writes(
                "You cannot create references to components that do not exist. 'hello' was not found in schemas."))
        #expect(sut.writes("3 values were \"missing\""))
        #expect(!sut.writes("You cannot create references to components. 'hello' was not found in schemas."))
        #expect(!sut.writes("name: value"))
        #expect(!sut.writes("10000000000000000000000000000000000000000 values were \"missing\""))
        #expect(!sut.writes("The support library expects this text."), "a test-support library's text is the tests'")
        #expect(!sut.writes("The fixture expects this other text."), "a fixture's text is the tests'")
        // A fragment of a fixed part, long enough, is held; not a short one, nor one across a value, nor the tests'
        #expect(sut.holds("create references to components"))
        #expect(!sut.holds("missing"))
        #expect(!sut.holds("'hello' was not found"))
        #expect(!sut.holds("support library expects"))
    }
}
