import Testing

@testable import LitmusAudit
@testable import LitmusRunning

@Suite("The analysis of the audit's copy, named as the package's files")
struct PathMapAnalysisTests {
    private let sut = PathMap(copy: "/tmp/litmus-audit-1/Shop", original: "/home/me/Shop")

    @Test(
        "Every position of the analysis's checks is relative to the package: the test's body, each check, its skippers")
    func checks() {
        let copy = "/tmp/litmus-audit-1/Shop/Tests/ShopTests/CartTests.swift"
        let at = SourcePosition(file: copy, line: 4, column: 9)
        var analysis = SourceAnalysis()
        analysis.assertionSites = [
            AssertionSites(
                name: "CartTests.testA", file: copy,
                sites: [
                    AssertionSite(
                        position: at, call: "XCTFail", helper: nil, decidedAt: at,
                        skippers: [.init(description: "a closure", body: at)])
                ], checksByTry: false, body: at)
        ]
        analysis.helperSites = ["check": analysis.assertionSites]
        let mapped = sut.relative(analysis)
        let files = [mapped.assertionSites, mapped.helperSites["check"] ?? []].flatMap { $0 }.flatMap { sites in
            [sites.file] + sites.positions.map(\.file)
        }
        #expect(files.count == 10)
        #expect(Set(files) == ["Tests/ShopTests/CartTests.swift"])
    }
}
