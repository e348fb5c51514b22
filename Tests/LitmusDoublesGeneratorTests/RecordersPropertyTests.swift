import SwiftParser
import SwiftSyntax
import Testing

@testable import LitmusDoublesGenerator

@Suite("The recorders are in `double`, with `mock` deprecated beside it, unless a requirement takes the name")
struct RecordersPropertyTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let requirements: String
        /// The property holding the instance recorders, and the one holding the static ones (if any).
        let instance: String
        let statics: String?
        /// Whether the deprecated `mock` is generated, instance and static.
        let instanceAlias: Bool
        let staticAlias: Bool

        var testDescription: String { requirements }
    }

    static let cases: [Case] = [
        Case(requirements: "func fetch()", instance: "double", statics: nil, instanceAlias: true, staticAlias: false),
        Case(
            requirements: "func double(_ value: Int) -> Int; func mock(times: Int); static func reset()",
            instance: "double", statics: "double", instanceAlias: true, staticAlias: true),
        Case(
            requirements: "var double: Int { get }", instance: "doubleMembers", statics: nil, instanceAlias: true,
            staticAlias: false),
        Case(
            requirements: "func double() -> Int; var doubleMembers: Int { get }", instance: "doubleMembers2",
            statics: nil, instanceAlias: true, staticAlias: false),
        Case(requirements: "func mock()", instance: "double", statics: nil, instanceAlias: false, staticAlias: false),
        Case(
            requirements: "var mock: Int { get }; static var double: Int { get }", instance: "double",
            statics: "doubleMembers", instanceAlias: false, staticAlias: true),
        Case(
            requirements: "static func mock(); func double() -> Int", instance: "doubleMembers", statics: "double",
            instanceAlias: true, staticAlias: false),
    ]

    @Test("The property's name, and whether the deprecated mock is generated", arguments: cases)
    func names(_ example: Case) throws {
        let file = Parser.parse(source: "protocol P { \(example.requirements) }")
        let decl = try #require(file.statements.first?.item.as(ProtocolDeclSyntax.self))
        let double = DoubleGenerator().generate(for: decl)
        #expect(double.diagnostics.isEmpty)
        let source = try #require(double.source)

        #expect(source.contains("    let \(example.instance): Members\n"))
        #expect(source.contains("        self.\(example.instance) = Members(\n"))
        let instanceAlias =
            "    @available(*, deprecated, renamed: \"\(example.instance)\")\n"
            + "    var mock: Members { self.\(example.instance) }\n"
        #expect(source.contains(instanceAlias) == example.instanceAlias)
        #expect(source.contains("var mock: Members") == example.instanceAlias)
        if let statics = example.statics {
            #expect(source.contains("    static var \(statics): StaticMembers { LitmusDoubles.StaticMocks.current("))
            let staticAlias =
                "    @available(*, deprecated, renamed: \"\(statics)\")\n"
                + "    static var mock: StaticMembers { Self.\(statics) }\n"
            #expect(source.contains(staticAlias) == example.staticAlias)
        }
        #expect(source.contains("static var mock: StaticMembers") == example.staticAlias)
    }
}
