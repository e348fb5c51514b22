import Testing

@testable import LitmusSpecsScanner

/// The scanner's decisions, one case per kind of source text it must read right.
struct SpecScannerTests {
    private func scan(_ texts: String...) -> SpecScan {
        SpecScanner.scan(texts.enumerated().map { SourceFile(path: "File\($0.offset).swift", text: $0.element) })
    }

    private func names(_ scan: SpecScan) -> [String] {
        scan.specs.map(\.qualifiedName)
    }

    @Test("A QuickSpec and an AsyncSpec subclass are found with their kind, file and line")
    func findsDirectSubclasses() {
        let result = scan(
            """
            import Quick

            final class FooSpec: QuickSpec {
                override class func spec() {}
            }
            class BarSpec: AsyncSpec {}
            """
        )
        #expect(
            result.specs == [
                FoundSpec(
                    qualifiedName: "FooSpec", kind: .quickSpec, path: "File0.swift", line: 3, condition: nil,
                    isSubclassed: false
                ),
                FoundSpec(
                    qualifiedName: "BarSpec", kind: .asyncSpec, path: "File0.swift", line: 6, condition: nil,
                    isSubclassed: false
                ),
            ]
        )
        #expect(result.diagnostics.isEmpty)
    }

    @Test("Modifiers, attributes, module-qualified bases and protocols after the superclass are read")
    func readsDeclarationVariants() {
        let result = scan(
            """
            @MainActor open class OpenSpec: Quick.QuickSpec, @unchecked Sendable {}
            public final class PublicSpec: QuickSpec, CustomStringConvertible { var description: String { "" } }
            @available(macOS 15, *) internal class AvailableSpec: AsyncSpec {}
            class NotASpec: NSObject {}
            """
        )
        #expect(names(result) == ["OpenSpec", "PublicSpec", "AvailableSpec"])
    }

    @Test("Classes written in comments, strings, raw strings and interpolations are not specs")
    func ignoresCommentsAndLiterals() {
        let result = scan(
            #"""
            // class LineCommentSpec: QuickSpec {}
            /* class BlockSpec: QuickSpec {} /* nested */ class StillCommentSpec: QuickSpec {} */
            let a = "class StringSpec: QuickSpec {"
            let b = """
                class MultilineSpec: QuickSpec {
                """
            let c = #"class RawSpec: QuickSpec { "\(x)" "#
            let d = "\(f("class InterpolatedSpec: QuickSpec {"))"
            let e = #/class RegexSpec: QuickSpec {/#
            class RealSpec: QuickSpec {}
            """#
        )
        #expect(names(result) == ["RealSpec"])
        #expect(result.diagnostics.isEmpty)
    }

    @Test("`class func`, `class var` and a protocol's `class` constraint declare no class")
    func ignoresClassUsedAsModifier() {
        let result = scan(
            """
            protocol Holder: class {}
            class OuterSpec: QuickSpec {
                override class func spec() {}
                class var name: String { "" }
                final class func helper() {}
            }
            """
        )
        #expect(names(result) == ["OuterSpec"])
    }

    @Test("Specs nested in types and in extensions are named with their enclosing types")
    func namesNestedSpecs() {
        let result = scan(
            """
            enum Screens {
                struct Settings {
                    final class ToggleSpec: QuickSpec {}
                }
            }
            extension Screens.Settings {
                class RowSpec: QuickSpec {}
            }
            """
        )
        #expect(names(result) == ["Screens.Settings.ToggleSpec", "Screens.Settings.RowSpec"])
    }

    @Test("Subclasses of subclasses in other files are specs, and their bases are marked subclassed")
    func followsSubclassesAcrossFiles() {
        let result = scan(
            "class LeafSpec: MiddleSpec {}",
            "class MiddleSpec: BaseSpec {}\nclass Unrelated: Other {}",
            "open class BaseSpec: AsyncSpec {}"
        )
        #expect(names(result) == ["LeafSpec", "MiddleSpec", "BaseSpec"])
        #expect(result.specs.map(\.kind) == [.asyncSpec, .asyncSpec, .asyncSpec])
        #expect(result.specs.map(\.isSubclassed) == [false, true, true])
    }

    @Test("A superclass name resolves to the innermost enclosing type's nested class first")
    func resolvesSuperclassFromEnclosingScope() {
        let result = scan(
            """
            class BaseSpec: NSObject {}
            enum Group {
                class BaseSpec: QuickSpec {}
                class ChildSpec: BaseSpec {}
            }
            """
        )
        #expect(names(result) == ["Group.BaseSpec", "Group.ChildSpec"])
    }

    @Test("A spec under #if keeps its condition, and an #else branch the negation")
    func keepsConditions() {
        let result = scan(
            """
            #if os(Linux)
            class LinuxSpec: QuickSpec {}
            #elseif DEBUG // a comment
            class DebugSpec: QuickSpec {}
            #else
            class OtherSpec: QuickSpec {}
            #endif
            class AlwaysSpec: QuickSpec {}
            """
        )
        #expect(
            result.specs.map(\.condition) == [
                "(os(Linux))", "!(os(Linux)) && (DEBUG)", "!(os(Linux)) && !(DEBUG)", nil,
            ]
        )
    }

    @Test("Generic, private and local specs are reported and not run")
    func reportsSpecsItCannotRun() {
        let result = scan(
            """
            class GenericSpec<T>: QuickSpec {}
            private final class HiddenSpec: QuickSpec {}
            func make() {
                class LocalSpec: QuickSpec {}
            }
            """
        )
        #expect(result.specs.isEmpty)
        #expect(result.diagnostics.map(\.line) == [1, 2, 4])
        #expect(result.diagnostics[0].message.contains("GenericSpec is generic"))
        #expect(result.diagnostics[1].message.contains("HiddenSpec is private"))
        #expect(result.diagnostics[2].message.contains("LocalSpec is declared inside a function"))
    }

    @Test("A class whose spec-like superclass is declared elsewhere is reported, not guessed")
    func reportsUnresolvedSpecSuperclass() {
        let result = scan("class FeatureSpec: SharedBaseSpec {}\nclass View: UIView {}")
        #expect(result.specs.isEmpty)
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.description.hasPrefix("File0.swift:1: warning: FeatureSpec inherits") == true)
    }

    @Test("An instance `func spec()`, which Quick 7 never calls, is reported")
    func reportsInstanceSpecMethod() {
        let result = scan(
            """
            class OldStyleSpec: QuickSpec {
                func spec() {}
            }
            """
        )
        #expect(names(result) == ["OldStyleSpec"])
        #expect(result.diagnostics.map(\.line) == [2])
        #expect(result.diagnostics.first?.message.contains("override class func spec()") == true)
    }

    @Test("Two specs sharing a simple name, which Quick mixes up, are reported")
    func reportsSharedSimpleNames() {
        let result = scan("enum A { class RowSpec: QuickSpec {} }\nenum B { class RowSpec: QuickSpec {} }")
        #expect(names(result) == ["A.RowSpec", "B.RowSpec"])
        #expect(result.diagnostics.first?.message.contains("share the simple name RowSpec") == true)
    }

    @Test("An unterminated literal is reported with its line, as specs after it may be missed")
    func reportsUnterminatedLiteral() {
        let result = scan("class FirstSpec: QuickSpec {}\nlet broken = \"no end\nclass LaterSpec: QuickSpec {}")
        #expect(names(result) == ["FirstSpec"])
        #expect(result.diagnostics.map(\.line) == [2])
    }
}
