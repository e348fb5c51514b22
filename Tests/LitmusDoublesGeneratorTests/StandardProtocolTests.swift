import Foundation
import Testing

@testable import LitmusDoublesGenerator

@Suite(
    "Protocols refining the standard library's and Foundation's are doubled from the table of their requirements",
    .tags(.parsing))
struct StandardProtocolTests {
    private let sut = ModuleDoubles(moduleName: "App")

    /// The doubles of `text`, one file of the module App, and the warnings.
    private func doubles(of text: String) -> ModuleDoubles.Output {
        sut.generate(from: [ModuleDoubles.SourceFile(path: "Sources/App/App.swift", text: text)])
    }

    @Test(
        "The table holds every protocol issue #53 names",
        arguments: [
            "Identifiable", "Hashable", "Equatable", "Comparable", "CustomStringConvertible",
            "CustomDebugStringConvertible", "Codable", "Encodable", "Decodable", "Error", "LocalizedError", "Sendable",
            "Actor", "Sequence", "Collection", "IteratorProtocol",
        ])
    func tableCoversTheIssuesProtocols(name: String) {
        #expect(StandardProtocols.entry(named: name) != nil)
        #expect(StandardProtocols.names.contains(name))
    }

    @Test("The table keeps each requirement's declaration and the extensions implementing it")
    func tableKeepsRequirementsAndDefaults() throws {
        let comparable = try #require(StandardProtocols.entry(named: "Comparable"))
        #expect(comparable.declaration == "protocol Comparable : Equatable")
        let less = try #require(comparable.requirements.first { $0.declaration.hasPrefix("static func < ") })
        #expect(!less.defaults.contains("Comparable"))
        let lessOrEqual = try #require(comparable.requirements.first { $0.declaration.hasPrefix("static func <= ") })
        #expect(lessOrEqual.defaults.contains("Comparable"))
        let codable = try #require(StandardProtocols.entry(named: "Codable"))
        #expect(codable.declaration == "protocol Codable : Decodable, Encodable")
        #expect(StandardProtocols.entry(named: "LocalizedError")?.module == "Foundation")
        #expect(StandardProtocols.plainName("Swift.Comparable") == "Comparable")
    }

    @Test("A requirement the library implements from others is left to it: Comparable's <=, not <")
    func libraryDefaultsAnswer() {
        let output = doubles(of: "protocol Ranked: Comparable { var score: Int { get } }")

        #expect(output.warnings.isEmpty)
        #expect(output.source.contains("static func <(lhs: RankedMock, rhs: RankedMock) -> Bool"))
        #expect(!output.source.contains("static func <=("))
        #expect(output.source.contains("lhs === rhs"))
    }

    @Test("A protocol whose own extension implements every requirement is doubled whole: LocalizedError")
    func customizableProtocolIsDoubled() {
        let output = doubles(of: "import Foundation\nprotocol Failure: LocalizedError {}")

        #expect(output.warnings.isEmpty)
        for member in ["errorDescription", "failureReason", "recoverySuggestion", "helpAnchor"] {
            #expect(output.source.contains("var \(member): String? {"), "\(member)")
        }
    }

    @Test("A deprecated requirement the library implements stays the library's, even in a customizable protocol")
    func deprecatedDefaultStaysTheLibrarys() {
        let output = doubles(of: "protocol Queue: Executor {}")

        #expect(output.source.contains("func enqueue(_ job: UnownedJob)"))
        #expect(output.source.contains("func enqueue(_ job: consuming ExecutorJob)"))
        #expect(!output.source.contains("func enqueue(_ job: consuming Job)"))
    }

    @Test("Identifiable without an id of the protocol's own is identified by the double, overridably")
    func identifiableByIdentity() {
        let output = doubles(of: "protocol Row: Identifiable { var title: String { get } }")

        #expect(output.source.contains("typealias ID = ObjectIdentifier"))
        #expect(output.source.contains("self.double.id.call((), unstubbed: { ObjectIdentifier(self) })"))
    }

    @Test("An id the protocol restates binds ID to its type, and the double has one id")
    func restatedRequirementBindsTheAssociatedType() {
        let output = doubles(of: "protocol Account: Identifiable { var id: String { get } }")

        #expect(output.source.contains("typealias ID = String"))
        #expect(output.source.components(separatedBy: "var id: ").count == 2)
        #expect(!output.source.contains("ObjectIdentifier(self)"))
    }

    @Test("description and debugDescription answer the double's name unless stubbed, in either mode")
    func descriptionsNameTheDouble() {
        let output = doubles(of: "protocol Named: CustomStringConvertible, CustomDebugStringConvertible {}")

        #expect(
            output.source.contains("self.double.description.call((), unstubbed: { String(describing: Self.self) })"))
        #expect(
            output.source.contains(
                "self.double.debugDescription.call((), unstubbed: { String(describing: Self.self) })"))
    }

    @Test("Decodable's init(from:) is recorded in the static members and throws UnstubbedDecodingError unstubbed")
    func decodingInitializer() {
        let output = doubles(of: "protocol Record: Codable { var key: String { get } }")

        #expect(output.warnings.isEmpty)
        #expect(output.source.contains("let initializerFrom: LitmusDoubles.Member<any Decoder, Void>"))
        #expect(
            output.source.contains(
                "try Self.double.initializerFrom.callThrowing(decoder, unstubbed: { throw "
                    + "LitmusDoubles.UnstubbedDecodingError(double: \"RecordMock\") })"))
        #expect(output.source.contains("func encode(to encoder: any Encoder) throws {"))
    }

    @Test("A Decodable protocol with associated types is skipped, naming init(from:) among its static requirements")
    func decodableGenericIsSkipped() throws {
        let output = doubles(of: "protocol Envelope: Decodable { associatedtype Payload }")

        let warning = try #require(output.warnings.first)
        #expect(output.doubles.isEmpty)
        #expect(warning.message.contains("has static requirements (init(from:); Decodable's init(from:) is one"))
        #expect(warning.message.contains("associated types (Payload)"))
    }

    @Test("Sequence's double is generic over its iterator, with Element bound by the where clause")
    func sequenceIsGeneric() {
        let output = doubles(of: "protocol Numbers: Sequence where Element == Int {}")

        #expect(output.warnings.isEmpty)
        #expect(output.source.contains("final class NumbersMock<Iterator: IteratorProtocol>: Numbers"))
        #expect(output.source.contains("typealias Element = Int"))
        #expect(output.source.contains("func makeIterator() -> Iterator {"))
        #expect(!output.source.contains("underestimatedCount"))
    }

    @Test("Collection's associated types take the library's defaults, whose where clauses the double leaves out")
    func collectionTakesTheDefaults() {
        let output = doubles(of: "protocol Shelf: Collection where Element == String, Index == Int {}")

        #expect(output.warnings.isEmpty)
        #expect(output.source.contains("final class ShelfMock: Shelf, Sendable {"))
        #expect(output.source.contains("typealias Iterator = IndexingIterator<ShelfMock>"))
        #expect(output.source.contains("typealias SubSequence = Slice<ShelfMock>"))
        #expect(output.source.contains("subscript(position: Index) -> Element {"))
        #expect(!output.source.contains("subscript(bounds:"))
    }

    @Test("A settable restatement wins: MutableCollection's subscript(position:), not RangeReplaceableCollection's")
    func settableRestatementWins() {
        // RangeReplaceableCollection's get-only restatement is collected after MutableCollection's.
        let output = doubles(
            of: "protocol Grid: MutableCollection, RangeReplaceableCollection where Element == Int, Index == Int {}")

        #expect(output.source.contains("subscript(position: Index) -> Element {\n        get {"))
        #expect(output.source.contains("let subscriptPositionSetter"))
    }

    @Test("A clause a default fixes binds its associated type: ExpressibleByStringInterpolation's StringLiteralType")
    func clauseThroughADefaultBinds() {
        let output = doubles(of: "protocol Message: ExpressibleByStringInterpolation {}")

        #expect(output.source.contains("typealias StringLiteralType = DefaultStringInterpolation.StringLiteralType"))
        #expect(!output.source.contains("StringLiteralType: _ExpressibleByBuiltinStringLiteral"))
    }

    @Test("An Objective-C protocol of Apple platforms, and one only value types conform to, are warnings naming why")
    func undoublableLibraryProtocols() {
        let output = doubles(of: "import Foundation\nprotocol Copier: NSCopying {}\nprotocol Raw: BitwiseCopyable {}")

        #expect(output.doubles.isEmpty)
        #expect(output.warnings.map(\.line) == [2, 3])
        #expect(output.warnings[0].message.contains("NSCopying, which Apple platforms declare in Objective-C"))
        #expect(output.warnings[1].message.contains("BitwiseCopyable, which only value types conform to"))
    }

    @Test("What a library protocol's declaration cannot give is reported at the module's inherited type")
    func diagnosticsOfTheTableAreAnchored() throws {
        let output = doubles(of: "protocol Codec: UnicodeCodec {}")

        let warning = try #require(output.warnings.first)
        #expect(warning.line == 1 && warning.column == 17)
        #expect(warning.message.contains("UnicodeCodec inherits from _UnicodeEncoding"))
        #expect(warning.message.contains("(in UnicodeCodec, which Codec inherits)"))
    }

    @Test("A protocol of the module named like a library one is the module's")
    func moduleProtocolShadowsTheLibrarys() {
        let output = doubles(of: "protocol Identifiable { func token() -> Int }\nprotocol Row: Identifiable {}")

        #expect(output.doubles == ["IdentifiableMock", "RowMock"])
        #expect(output.source.contains("func token() -> Int"))
        #expect(!output.source.contains("ObjectIdentifier(self)"))
    }

    @Test("Overloads that differ in their parameters' types are both doubled: DurationProtocol's two /")
    func overloadsByParameterType() {
        let output = doubles(of: "protocol Span: DurationProtocol {}")

        #expect(output.source.contains("static func /(lhs: SpanMock, rhs: Int) -> SpanMock"))
        #expect(output.source.contains("static func /(lhs: SpanMock, rhs: SpanMock) -> Double"))
    }
}
