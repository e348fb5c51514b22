import Foundation
import Testing

@testable import LitmusAudit

/// What a mangled type and a USR tell, and how a build description's arguments become the dump's.
@Suite("Typed facts: mangled types, USRs, and the dump's compile arguments")
struct TypedNamesTests {
    @Test("Floating-point types are told from others, optional or not: Double, Float, Float16, CGFloat")
    func floatingPoint() {
        let floating = ["$sSdD", "$sSfD", "$sSdSgD", "$ss7Float16VD", "$s10Foundation7CGFloatVD", "$sSdzD"]
        let other = ["$sSiD", "$s20FoundationEssentials7DecimalVD", "$s6Shapes7VersionVD", "$sSaySdGD"]
        #expect(floating.filter { TypedType(mangled: $0).isFloatingPoint } == floating)
        #expect(other.filter { TypedType(mangled: $0).isFloatingPoint } == [])
    }

    @Test("A Bool is exactly Bool: not Bool?, not a type expressible by a Boolean literal")
    func bool() {
        #expect(TypedType(mangled: "$sSbD").isBool)
        #expect(!TypedType(mangled: "$sSbSgD").isBool)
        #expect(!TypedType(mangled: "$s6Shapes6AnswerVD").isBool)
    }

    @Test("A text is String, Substring, Character or NSString, whose description is itself; not an optional of one")
    func text() {
        let texts = ["$sSSD", "$sSsD", "$sSJD", "$s10Foundation8NSStringCD", "$sSo8NSStringCD"]
        let others = ["$sSSSgD", "$sSiD", "$s10Foundation8NSNumberCD", "$s6Shapes8NSStringCD", "$sSaySSGD"]
        #expect(texts.filter { TypedType(mangled: $0).isText } == texts)
        #expect(others.filter { TypedType(mangled: $0).isText } == [])
    }

    @Test("An integer is one of the standard library's: Int, UInt and their sized kin; not an optional, not a float")
    func integer() {
        let integers = ["$sSiD", "$sSuD", "$ss5Int64VD", "$ss5UInt8VD", "$ss6UInt32VD", "$ss4Int8VD"]
        let others = ["$sSiSgD", "$sSdD", "$s10Foundation8NSNumberCD", "$s6Shapes5Int64VD", "$sSaySiGD", "$sSSD"]
        #expect(integers.filter { TypedType(mangled: $0).isInteger } == integers)
        #expect(others.filter { TypedType(mangled: $0).isInteger } == [])
    }

    @Test("Value types are told from classes, protocols and unknown shapes")
    func values() {
        let values = ["$sSiD", "$sSSD", "$sSaySiGD", "$s6Shapes5MoneyVD", "$s6Shapes5ShapeOD", "$sSi_SitD", "$sSiSgD"]
        let others = ["$s6Shapes4CartCD", "$s6Shapes5ShapePD", "$syycD", "$s1M05WordsVD"]
        #expect(values.filter { TypedType(mangled: $0).isValue } == values)
        #expect(others.filter { TypedType(mangled: $0).isValue } == [])
    }

    @Test("A USR names the module that declares it: the standard library, an extension's module, a package's")
    func modules() {
        #expect(TypedDeclaration(usr: "s:s5print_9separator10terminatoryypd_S2StF").module == "Swift")
        #expect(TypedDeclaration(usr: "s:Sa6appendyyxnF").module == "Swift")
        #expect(
            TypedDeclaration(
                usr: "s:SS20FoundationEssentialsE4data5using20allowLossyConversionAA4DataVSgSSAAE8EncodingV_SbtF"
            )
            .module == "FoundationEssentials")
        #expect(TypedDeclaration(usr: "s:6Shapes5print3astSSAA10ExpressionO_tF").module == "Shapes")
        // A package's extension of Foundation's or the standard library's type is the package's, not theirs.
        #expect(TypedDeclaration(usr: "s:10Foundation4DataV6ShapesE3hexSSSgyF").module == "Shapes")
        #expect(TypedDeclaration(usr: "s:s5UInt8V6ShapesE4bitsSivp").module == "Shapes")
        #expect(TypedDeclaration(usr: "s:10Foundation7DecimalV6stringACSgSSh_tcfc").module == "Foundation")
        let send = TypedDeclaration(usr: "s:22ComposableArchitecture9TestStoreC4sendyySS_yxzXEtF")
        #expect(send.isMember(of: "TestStore", in: "ComposableArchitecture"))
        #expect(
            !TypedDeclaration(usr: "s:6Shapes7ChannelV4sendyySSF").isMember(
                of: "TestStore", in: "ComposableArchitecture"))
    }

    @Test("The dump's arguments: the build's, without its outputs, jobs, index and incremental flags, in batch mode")
    func dumpArguments() {
        // Given
        let sut = ModuleCompile(
            module: "AppTests", executable: "/usr/bin/swiftc", sources: ["/p/Tests/A.swift", "/p/Tests/B.swift"],
            importPath: "/p/.build/debug/Modules",
            arguments: [
                "-target", "x86_64-unknown-linux-gnu", "-incremental", "-enable-batch-mode", "-serialize-diagnostics",
                "-index-store-path", "/p/.build/index", "-Onone", "-j2", "-DDEBUG", "-parseable-output",
                "-emit-objc-header-path", "/p/h.h", "-output-file-map", "/p/map.json", "-swift-version", "6",
            ])

        // When
        let arguments = sut.dumpArguments

        // Then
        #expect(
            arguments == [
                "-dump-ast", "-dump-ast-format", "json", "-enable-batch-mode", "-driver-batch-count", "1",
                "-module-name", "AppTests", "-I", "/p/.build/debug/Modules", "-target", "x86_64-unknown-linux-gnu",
                "-Onone", "-DDEBUG", "-swift-version", "6", "/p/Tests/A.swift", "/p/Tests/B.swift",
            ])
    }

    @Test("A build description is read by module; a file that is none is refused, naming it")
    func description() throws {
        // Given
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-typed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("description.json")
        try Data(
            #"{"swiftCommands":{"C.AppTests":{"moduleName":"AppTests","executable":"/usr/bin/swiftc","sources":["/p/A.swift"],"importPath":"/p/M","otherArguments":["-DDEBUG"]}}}"#
                .utf8
        ).write(to: good)
        let bad = folder.appendingPathComponent("other.json")
        try Data(#"{"targets":[]}"#.utf8).write(to: bad)

        // When
        let modules = try ModuleCompile.read(description: good)
        let error = #expect(throws: ModuleCompile.Unreadable.self) { try ModuleCompile.read(description: bad) }

        // Then
        #expect(modules["AppTests"]?.sources == ["/p/A.swift"])
        #expect(modules["AppTests"]?.arguments == ["-DDEBUG"])
        #expect(error?.description == "\(bad.path): it has no `swiftCommands`: not a build description")
    }
}
