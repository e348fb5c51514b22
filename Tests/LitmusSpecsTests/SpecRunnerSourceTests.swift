import Testing

@testable import LitmusSpecsScanner

/// The code generated for a scan: what SwiftPM's discovery must find, and what must stay off
/// Apple platforms.
struct SpecRunnerSourceTests {
    private let scan = SpecScan(
        specs: [
            FoundSpec(
                qualifiedName: "Screens.RowSpec", kind: .asyncSpec, path: "/x/RowSpec.swift", line: 3,
                condition: "(os(Linux))", isSubclassed: true
            ),
            FoundSpec(
                qualifiedName: "ToggleSpec", kind: .quickSpec, path: "/x/ToggleSpec.swift", line: 7, condition: nil,
                isSubclassed: false
            ),
        ],
        diagnostics: [ScanDiagnostic(path: "/x/Old.swift", line: 2, message: "OldSpec is private")]
    )

    @Test("Each spec gets a SpecExamples subclass with one test method, named after the spec")
    func generatesOneTestCasePerSpec() {
        let source = SpecRunnerSource.generate(for: scan, module: "AppTests")
        #expect(source.contains("final class Screens_RowSpec_Examples: SpecExamples {"))
        #expect(source.contains("override class var spec: DiscoveredSpec { .asyncSpec(Screens.RowSpec.self) }"))
        #expect(source.contains("final class ToggleSpec_Examples: SpecExamples {"))
        #expect(source.contains("override class var spec: DiscoveredSpec { .quickSpec(ToggleSpec.self) }"))
        #expect(source.components(separatedBy: "func testSpecDefinesExamples()").count == 3)
    }

    @Test("Only a subclassed spec may define no examples")
    func marksBaseSpecs() throws {
        let source = SpecRunnerSource.generate(for: scan, module: "AppTests")
        #expect(source.components(separatedBy: "mayDefineNoExamples: Bool { true }").count == 2)
        let rowClass = try #require(source.range(of: "Screens_RowSpec_Examples"))
        let baseMark = try #require(source.range(of: "mayDefineNoExamples"))
        let toggleClass = try #require(source.range(of: "ToggleSpec_Examples"))
        #expect(rowClass.lowerBound < baseMark.lowerBound && baseMark.lowerBound < toggleClass.lowerBound)
    }

    @Test("The code compiles only where Objective-C discovery is missing, under each spec's own #if")
    func guardsPlatformAndConditions() {
        let source = SpecRunnerSource.generate(for: scan, module: "AppTests")
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let firstCode = lines.firstIndex { !$0.hasPrefix("//") && !$0.isEmpty }
        #expect(firstCode.map { lines[$0] } == "#if !canImport(Darwin)")
        #expect(lines.last(where: { !$0.isEmpty }) == "#endif")
        #expect(source.contains("#if (os(Linux))\n/// Runs the examples of Screens.RowSpec"))
    }

    @Test("The file header lists the specs found and the warnings")
    func summarizes() {
        let source = SpecRunnerSource.generate(for: scan, module: "AppTests")
        #expect(source.contains("//   Screens.RowSpec (AsyncSpec) at RowSpec.swift:3"))
        #expect(source.contains("//   Old.swift:2: OldSpec is private"))
    }

    @Test("Two specs whose names flatten alike get distinct class names")
    func keepsClassNamesUnique() {
        let clash = SpecScan(
            specs: ["A_B.CSpec", "A.B_CSpec"].map {
                FoundSpec(qualifiedName: $0, kind: .quickSpec, path: "f", line: 1, condition: nil, isSubclassed: false)
            },
            diagnostics: []
        )
        let source = SpecRunnerSource.generate(for: clash, module: "M")
        #expect(source.contains("class A_B_CSpec_Examples:"))
        #expect(source.contains("class A_B_CSpec_Examples2:"))
    }
}
