import Foundation
import LitmusModel
import Testing

@testable import LitmusAudit

/// The call graph read from typed facts (``StaticFootprints``): facts written here at the offsets of small sources,
/// as the compiler's dump gives them (a declaration's span from its keyword to its last token, a reference at its
/// name).
@Suite struct StaticFootprintsTests {
    /// A source and the facts of it, placed by the text they start and end at.
    struct Source {
        var path: String
        var text: String
        var entries: [(start: Int, end: Int, kind: String, type: String?, declaration: String?, implicit: Bool)] = []

        init(_ path: String, _ text: String) {
            self.path = path
            self.text = text
        }

        func offset(of needle: String, after: Int = 0) -> Int {
            let bytes = Array(text.utf8)
            let wanted = Array(needle.utf8)
            for start in after...(bytes.count - wanted.count) where Array(bytes[start..<start + wanted.count]) == wanted
            {
                return start
            }
            preconditionFailure("\(needle) is not in \(path)")
        }

        /// A declaration from `from` to the last `}` of its line or of the lines up to `to`.
        mutating func declare(_ kind: String, _ usr: String, from: String, to: String) {
            let start = offset(of: from)
            entries.append((start, offset(of: to, after: start), kind, nil, usr, false))
        }

        mutating func refer(_ usr: String, at needle: String, after: String? = nil) {
            let start = offset(of: needle, after: after.map { offset(of: $0) } ?? 0)
            entries.append((start, start, "declref_expr", nil, usr, false))
        }

        /// An access of `state` at the first place `needle` starts.
        func access(_ state: SharedState, at needle: String, writes: Bool) -> StateAccess {
            let prefix = text.utf8.prefix(offset(of: needle))
            let line = prefix.filter { $0 == 0x0A }.count + 1
            let column =
                prefix.count
                - (prefix.lastIndex(of: 0x0A).map { prefix.distance(from: prefix.startIndex, to: $0) + 1 } ?? 0) + 1
            return StateAccess(state, reads: !writes, writes: writes, file: path, line: line, column: column)
        }

        var file: (facts: TypedFileFacts, text: String) { (TypedFileFacts(entries), text) }
    }

    static let counter = SharedState.global("counter")

    /// `Counter.swift`: a global, a function that writes it, one that reads it, one that touches nothing.
    static func counterSource() -> Source {
        var source = Source(
            "/p/Sources/M/Counter.swift",
            """
            var counter = 0
            func bump() { counter += 1 }
            func peek() -> Int { counter }
            func pure() -> Int { 4 }

            """)
        source.declare("func_decl", "s:1M4bumpyyF", from: "func bump", to: "}")
        source.declare("func_decl", "s:1M4peekSiyF", from: "func peek", to: "}")
        source.declare("func_decl", "s:1M4pureSiyF", from: "func pure", to: "}")
        return source
    }

    /// `Tests.swift`: three tests, each calling one of them.
    static func testsSource(extra: String = "") -> Source {
        var source = Source(
            "/p/Tests/MTests/Tests.swift",
            """
            @Test func writes() { bump() }
            @Test func reads() { #expect(peek() == 1) }
            @Test func computes() { #expect(pure() == 4) }
            \(extra)
            """)
        source.declare("func_decl", "s:6MTests6writesyyF", from: "func writes", to: "}")
        source.declare("func_decl", "s:6MTests5readsyyF", from: "func reads", to: "}")
        source.declare("func_decl", "s:6MTests8computesyyF", from: "func computes", to: "}")
        source.refer("s:1M4bumpyyF", at: "bump()")
        source.refer("s:1M4peekSiyF", at: "peek()")
        source.refer("s:1M4pureSiyF", at: "pure()")
        return source
    }

    static func identity(_ name: String, line: Int) -> TestIdentity {
        TestIdentity(
            library: .swiftTesting, id: TestID("MTests.\(name)()/Tests.swift:\(line):2"),
            file: "/p/Tests/MTests/Tests.swift", line: line)
    }

    static func candidates(
        _ sources: [Source], accesses: [StateAccess], tests: [TestIdentity], modules: Set<String> = ["M", "MTests"]
    ) -> IsolationCandidates {
        let graph = StaticFootprints(
            files: Dictionary(uniqueKeysWithValues: sources.map { ($0.path, $0.file) }),
            accesses: Dictionary(grouping: accesses, by: \.file), modules: modules)
        var footprints: [TestID: [StateAccess]] = [:]
        for test in tests { footprints[test.id] = graph.footprint(ofTestIn: test.file ?? "", line: test.line ?? 0) }
        return IsolationCandidates.choose(tests, footprints: Footprints(tests: footprints))
    }

    @Test(
        "A test calling a function that writes a global meets one calling a function that reads it; one calling neither is isolated"
    )
    func writerAndReaderMeet() {
        // Given
        let counter = Self.counterSource()
        let tests = [
            Self.identity("writes", line: 1), Self.identity("reads", line: 2), Self.identity("computes", line: 3),
        ]
        let accesses = [
            counter.access(Self.counter, at: "counter += 1", writes: true),
            counter.access(Self.counter, at: "counter }", writes: false),
        ]
        // When
        let chosen = Self.candidates([counter, Self.testsSource()], accesses: accesses, tests: tests)
        // Then
        #expect(chosen.evidence[tests[1].id]?.verdict == .sharesState)
        #expect(chosen.evidence[tests[2].id]?.verdict == .isolated)
        #expect(chosen.meeting == [tests[0].id, tests[1].id])
    }

    @Test("A call into a module whose code was not read makes the test unseen; the toolchain's is no call to follow")
    func unreadModuleIsUnseen() {
        // Given
        var source = Self.testsSource(extra: "@Test func remote() { Kit.go(); print(1) }\n")
        source.declare("func_decl", "s:6MTests6remoteyyF", from: "func remote", to: "}")
        source.refer("s:3Kit2goyyF", at: "go()")
        source.refer("s:10Foundation4DataV5countSivp", at: "print(")
        let tests = [Self.identity("remote", line: 4), Self.identity("computes", line: 3)]
        // When
        let chosen = Self.candidates([Self.counterSource(), source], accesses: [], tests: tests)
        // Then
        #expect(chosen.evidence[tests[0].id]?.verdict == .unseen)
        #expect(chosen.evidence[tests[0].id]?.because.contains("Kit") == true)
        #expect(chosen.evidence[tests[1].id]?.verdict == .isolated)
    }

    @Test("A call into a dependency whose sources were read reaches every place of shared state in it")
    func dependencyReachesItsPlaces() {
        // Given
        var source = Self.testsSource(extra: "@Test func remote() { Kit.go() }\n")
        source.declare("func_decl", "s:6MTests6remoteyyF", from: "func remote", to: "}")
        source.refer("s:3Kit2goyyF", at: "go()")
        let counter = Self.counterSource()
        let write = StateAccess(Self.counter, reads: false, writes: true, file: "/k/Kit.swift", line: 3, column: 5)
        let graph = StaticFootprints(
            files: [counter.path: counter.file, source.path: source.file],
            accesses: [counter.path: [counter.access(Self.counter, at: "counter }", writes: false)]],
            modules: ["M", "MTests"], dependencies: ["Kit": [write]])
        // When
        let footprint = graph.footprint(ofTestIn: source.path, line: 4)
        // Then
        #expect(footprint == [write])
    }

    @Test("A call through a protocol requirement reaches every declaration of its name: whichever conformance runs")
    func requirementReachesConformances() {
        // Given
        var kinds = Source(
            "/p/Sources/M/Kinds.swift",
            """
            protocol Step { func run() }
            struct Loud: Step { func run() { counter += 1 } }
            func go(_ step: Step) { step.run() }

            """)
        kinds.declare("protocol", "s:1M4StepP", from: "protocol Step", to: "}")
        kinds.declare("func_decl", "s:1M4StepP3runyyF", from: "func run() }", to: "}")
        kinds.declare("func_decl", "s:1M4LoudV3runyyF", from: "func run() {", to: "} }")
        kinds.declare("func_decl", "s:1M2goyyAA4Step_pF", from: "func go", to: "run() }")
        kinds.refer("s:1M4StepP3runyyF", at: "run() }", after: "func go")
        var source = Self.testsSource(extra: "@Test func steps() { go(Loud()) }\n")
        source.declare("func_decl", "s:6MTests5stepsyyF", from: "func steps", to: "}")
        source.refer("s:1M2goyyAA4Step_pF", at: "go(Loud")
        let counter = Self.counterSource()
        let tests = [Self.identity("steps", line: 4), Self.identity("reads", line: 2)]
        let accesses = [
            kinds.access(Self.counter, at: "counter += 1", writes: true),
            counter.access(Self.counter, at: "counter }", writes: false),
        ]
        // When
        let chosen = Self.candidates([counter, kinds, source], accesses: accesses, tests: tests)
        // Then
        #expect(chosen.meeting == Set(tests.map(\.id)))
        #expect(chosen.evidence[tests[1].id]?.verdict == .sharesState)
    }

    @Test("A global's initial value is its code: a test reading the global reaches what the value calls")
    func initialValueIsCode() {
        // Given
        var store = Source(
            "/p/Sources/M/Store.swift",
            """
            let store = make()
            func make() -> Int { counter += 1; return counter }

            """)
        store.declare("pattern_binding_decl", "", from: "let store", to: "make()")
        store.declare("var_decl", "s:1M5storeSivp", from: "store =", to: "store =")
        store.declare("func_decl", "s:1M4makeSiyF", from: "func make", to: "}")
        store.refer("s:1M4makeSiyF", at: "make()")
        var source = Self.testsSource(extra: "@Test func stored() { #expect(store == 1) }\n")
        source.declare("func_decl", "s:6MTests6storedyyF", from: "func stored", to: "}")
        source.refer("s:1M5storeSivp", at: "store ==")
        let tests = [Self.identity("stored", line: 4), Self.identity("reads", line: 2)]
        let counter = Self.counterSource()
        let accesses = [
            store.access(Self.counter, at: "counter += 1", writes: true),
            counter.access(Self.counter, at: "counter }", writes: false),
        ]
        // When
        let chosen = Self.candidates([counter, store, source], accesses: accesses, tests: tests)
        // Then
        #expect(chosen.meeting == Set(tests.map(\.id)))
    }

    @Test("Reading a static computed property runs its getter (`…vpZ` to `…vgZ`): what the getter reads is read")
    func staticGetterIsCode() {
        // Given
        var config = Source(
            "/p/Sources/M/Config.swift",
            """
            enum Config { static var level: Int { get { counter } } }

            """)
        config.declare("accessor_decl", "s:1M6ConfigO5levelSivgZ", from: "get {", to: "}")
        var source = Self.testsSource(extra: "@Test func level() { #expect(Config.level == 0) }\n")
        source.declare("func_decl", "s:6MTests5levelyyF", from: "func level", to: "}")
        source.refer("s:1M6ConfigO5levelSivpZ", at: "level ==")
        let tests = [Self.identity("level", line: 4), Self.identity("writes", line: 1)]
        let accesses = [
            config.access(Self.counter, at: "counter }", writes: false),
            Self.counterSource().access(Self.counter, at: "counter += 1", writes: true),
        ]
        // When
        let chosen = Self.candidates([Self.counterSource(), config, source], accesses: accesses, tests: tests)
        // Then
        #expect(chosen.evidence[tests[0].id]?.verdict == .sharesState)
    }

    /// `Loud`, a suite trait whose scope calls `bump()`, and `LoudSuite` with its test `shouts`, declared in `source`.
    static func declareLoud(in source: inout Source) {
        source.declare("struct_decl", "s:6MTests4LoudV", from: "struct Loud:", to: "}\n}")
        source.declare("func_decl", "s:6MTests4LoudV12provideScopeyyF", from: "func provideScope", to: "}")
        source.refer("s:1M4bumpyyF", at: "bump()")
        source.declare("struct_decl", "s:6MTests9LoudSuiteV", from: "struct LoudSuite", to: "}\n}")
        source.declare("func_decl", "s:6MTests9LoudSuiteV6shoutsyyF", from: "func shouts", to: "}")
    }

    /// The candidates of `LoudSuite/shouts()` (declared in `source` at `line`) beside the test reading `counter`.
    static func loudBesideReader(_ source: Source, line: Int) -> (IsolationCandidates, [TestIdentity]) {
        let counter = Self.counterSource()
        let shouts = TestIdentity(
            library: .swiftTesting, id: TestID("MTests.LoudSuite/shouts()/Traits.swift:\(line):6"), file: source.path,
            line: line)
        let tests = [shouts, Self.identity("reads", line: 2)]
        let accesses = [
            counter.access(Self.counter, at: "counter += 1", writes: true),
            counter.access(Self.counter, at: "counter }", writes: false),
        ]
        return (Self.candidates([counter, Self.testsSource(), source], accesses: accesses, tests: tests), tests)
    }

    @Test("A suite's trait is code its tests run: what the trait makes and the scope the library runs it in")
    func suiteTraitIsCode() {
        // Given
        var source = Source(
            "/p/Tests/MTests/Traits.swift",
            """
            struct Loud: SuiteTrait, TestScoping {
                func provideScope(performing function: () async throws -> Void) async throws { bump() }
            }
            @Suite(Loud()) struct LoudSuite {
                @Test func shouts() { }
            }

            """)
        Self.declareLoud(in: &source)
        source.refer("s:6MTests4LoudVACycfc", at: "Loud())")
        // When
        let (chosen, tests) = Self.loudBesideReader(source, line: 5)
        // Then
        #expect(chosen.evidence[tests[1].id]?.verdict == .sharesState)
        #expect(chosen.meeting == Set(tests.map(\.id)))
    }

    @Test("A static-member trait (`.loud`) is code its tests run: what its getter makes and the scope of that type")
    func staticMemberTraitIsCode() {
        // Given a trait named as a static member of `Trait` (as Swift Testing's own `.serialized`), whose getter makes it
        var source = Source(
            "/p/Tests/MTests/Traits.swift",
            """
            struct Loud: SuiteTrait, TestScoping {
                func provideScope(performing function: () async throws -> Void) async throws { bump() }
            }
            extension Trait where Self == Loud {
                static var loud: Self { Loud() }
            }
            @Suite(.loud) struct LoudSuite {
                @Test func shouts() { }
            }

            """)
        let loud = "s:6MTests5TraitPA2A4LoudVRszrlE4loudAEvpZ"
        Self.declareLoud(in: &source)
        source.declare("var_decl", loud, from: "static var loud", to: "}")
        source.declare("accessor_decl", "s:6MTests5TraitPA2A4LoudVRszrlE4loudAEvgZ", from: "{ Loud()", to: "}")
        source.refer("s:6MTests4LoudVACycfc", at: "Loud() }")
        source.refer(loud, at: ".loud)")
        // When
        let (chosen, tests) = Self.loudBesideReader(source, line: 8)
        // Then the scope the trait's type provides, reached through the getter's `Loud()`, writes what the other reads
        #expect(chosen.evidence[tests[1].id]?.verdict == .sharesState)
        #expect(chosen.meeting == Set(tests.map(\.id)))
    }

    @Test("A static function is named past its modifiers, so a call through a static requirement reaches only its name")
    func staticFunctionsAreNamed() {
        let bytes = Array("  static func make() {}\n  public final class func setUp() {}\n".utf8)
        #expect(DeclarationText.name(at: 2, in: bytes) == "make")
        #expect(DeclarationText.name(at: 26, in: bytes) == "setUp")
        #expect(DeclarationText.isTypeLevel(at: 2, in: bytes))
        #expect(DeclarationText.isTypeLevel(at: 26, in: bytes))
        #expect(!DeclarationText.isTypeLevel(at: 0, in: Array("override func setUp() {}".utf8)))
        #expect(!DeclarationText.isTypeLevel(at: 0, in: Array("final class Suite {}".utf8)))
    }

    @Test("A protocol's property requirement reaches each conformance's getter, and a subscript its accessors")
    func propertyRequirementAndSubscript() {
        // Given
        var kinds = Source(
            "/p/Sources/M/Levels.swift",
            """
            protocol Level { var level: Int { get } }
            struct Loud: Level { var level: Int { counter } }
            struct Table { subscript(i: Int) -> Int { other } }

            """)
        kinds.declare("protocol", "s:1M5LevelP", from: "protocol Level", to: "}")
        kinds.declare("var_decl", "s:1M5LevelP5levelSivp", from: "level: Int { get", to: "level")
        kinds.declare("var_decl", "s:1M4LoudV5levelSivp", from: "level: Int { counter", to: "level")
        kinds.declare("accessor_decl", "s:1M4LoudV5levelSivg", from: "{ counter } }\nstruct Table", to: "}")
        kinds.declare("accessor_decl", "s:1M5TableVyS2icig", from: "{ other", to: "}")
        var source = Self.testsSource(extra: "@Test func level(l: Level) { _ = l.level; _ = Table()[0] }\n")
        source.declare("func_decl", "s:6MTests5levelyyF", from: "func level", to: "}")
        source.refer("s:1M5LevelP5levelSivp", at: "level;")
        source.refer("s:1M5TableVyS2icip", at: "[0]")
        let counter = Self.counterSource()
        let graph = StaticFootprints(
            files: [counter.path: counter.file, kinds.path: kinds.file, source.path: source.file],
            accesses: [
                kinds.path: [
                    kinds.access(Self.counter, at: "counter } }\nstruct Table", writes: false),
                    kinds.access(.global("other"), at: "other }", writes: false),
                ]
            ],
            modules: ["M", "MTests"])
        // When
        let footprint = graph.footprint(ofTestIn: source.path, line: 4)
        // Then
        #expect(Set(footprint.map(\.state)) == [Self.counter, .global("other")])
    }

    @Test("A test in an extension of its suite runs the suite's initial values, found by its type, in any file")
    func testInAnExtension() {
        // Given
        var suite = Source(
            "/p/Tests/MTests/Suite.swift",
            """
            struct Suite { let value = bump() }

            """)
        suite.declare("struct_decl", "s:6MTests5SuiteV", from: "struct Suite", to: "}")
        suite.declare("pattern_binding_decl", "", from: "let value", to: "bump()")
        suite.declare("var_decl", "s:6MTests5SuiteV5valueytvp", from: "value =", to: "value")
        suite.refer("s:1M4bumpyyF", at: "bump()")
        var source = Source(
            "/p/Tests/MTests/More.swift",
            """
            extension Suite {
                @Test func more() { }
            }

            """)
        source.declare("func_decl", "s:6MTests5SuiteV4moreyyF", from: "func more", to: "}")
        let counter = Self.counterSource()
        let graph = StaticFootprints(
            files: [counter.path: counter.file, suite.path: suite.file, source.path: source.file],
            accesses: [counter.path: [counter.access(Self.counter, at: "counter += 1", writes: true)]],
            modules: ["M", "MTests"])
        // When
        let footprint = graph.footprint(ofTestIn: source.path, line: 2)
        // Then
        #expect(footprint.map(\.state) == [Self.counter])
    }

    @Test("A USR names its module: a package's by its length-prefixed name, the standard library's, C's")
    func modulesOfUSRs() {
        #expect(SwiftUSR.module(of: "s:6Shapes8SettingsV") == "Shapes")
        #expect(SwiftUSR.module(of: "s:11ShapesTests04BoolB0V") == "ShapesTests")
        #expect(SwiftUSR.module(of: "s:s5print_9separator10terminatoryypd_S2StF") == "Swift")
        // A member an extension of a known module adds is that module's.
        #expect(SwiftUSR.module(of: "s:SS3KitE3fooyyF", among: ["Kit"]) == "Kit")
        #expect(SwiftUSR.module(of: "s:SS13KitEngineToolE3fooyyF", among: ["Kit"]) == "Swift")
        #expect(SwiftUSR.module(of: "s:So8NSStringC") == "__C")
        #expect(SwiftUSR.module(of: "c:@F@setenv") == "__C")
        #expect(SwiftUSR.module(of: "s:") == nil)
        // A word of the name given again by its number (`C`: the third, `End`), as swift-argument-parser's tests'.
        #expect(
            SwiftUSR.module(of: "s:019ArgumentParserEndToC5Tests10AllOptionsV") == "ArgumentParserEndToEndTests"
        )
        #expect(
            SwiftUSR.module(of: "s:14FlyingFoxTests025AsyncBufferedFileSequenceC0V5countyyYaKF")
                == "FlyingFoxTests")
        #expect(SwiftUSR.module(of: "s:09Argument5ZC5TestsV") == nil)
    }

    @Test(
        "The agreement counts each test by both verdicts, leaves out the tests that failed, and names the run's alone")
    func agreementCounts() {
        // Given
        let tests = ["a", "b", "c", "d", "e"].enumerated().map { Self.identity($0.element, line: $0.offset + 1) }
        func candidates(_ verdicts: [IsolationEvidence.Verdict]) -> IsolationCandidates {
            IsolationCandidates(
                evidence: Dictionary(
                    uniqueKeysWithValues: zip(tests.map(\.id), verdicts.map { IsolationEvidence($0, because: "\($0)") })
                ),
                meeting: [])
        }
        let typed = candidates([.sharesState, .isolated, .unseen, .isolated, .isolated])
        let run = candidates([.sharesState, .isolated, .isolated, .sharesState, .failed])
        // When
        let agreement = Audit.agreement(of: typed, with: run, tests: tests, seconds: 1)
        // Then
        var expected = StaticFootprintAgreement(
            compared: 4, bothCandidates: 1, bothIsolated: 1, onlyStatic: 1, onlyRun: 1, staticUnseen: 1,
            unseenBecause: ["unseen": 1], missed: [tests[3].name], seconds: 1)
        expected.extra = [tests[2].name]
        #expect(agreement == expected)
    }
}
