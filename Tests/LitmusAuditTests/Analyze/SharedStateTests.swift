import Foundation
import SwiftParser
import Testing

@testable import LitmusAudit

/// The accesses of `source` (one file named `F.swift`), resolved against the declarations of `source` and
/// `others`, as `state r|w|rw line`, by line (and by text on one line).
private func accesses(_ source: String, others: [String] = [], opaque: String? = nil) -> [String] {
    let all = ([source] + others).enumerated().flatMap { index, text in
        SharedStateSites.Facts.read(text).declarations.map { declaration in
            var placed = declaration
            if placed.filePrivate { placed.file = index == 0 ? "F.swift" : "Other\(index).swift" }
            return placed
        }
    }
    let names = StateNames(StateDeclaration.state(of: all), functions: StateNames.functions(all))
    let tree = Parser.parse(source: source)
    let references = StateReferenceFinder(names: names, file: "F.swift", tree: tree, opaque: opaque)
    references.walk(tree)
    let calls = StateCallFinder(file: "F.swift", tree: tree)
    calls.walk(tree)
    return (calls.accesses + references.accesses).sorted { ($0.line, $0.column) < ($1.line, $1.column) }.map {
        (line: $0.line, text: "\($0.state.described) \($0.reads ? "r" : "")\($0.writes ? "w" : "") \($0.line)")
    }.sorted { ($0.line, $0.text) < ($1.line, $1.text) }.map(\.text)
}

/// The state `source` (one file named `F.swift`) declares, resolved with `others`' declarations too, as `state lazy?`.
private func declared(_ source: String, others: [String] = []) -> [String] {
    let all = ([source] + others).enumerated().flatMap { index, text in
        SharedStateSites.Facts.read(text).declarations.map { declaration in
            var placed = declaration
            if placed.filePrivate { placed.file = index == 0 ? "F.swift" : "Other\(index).swift" }
            return placed
        }
    }
    return StateDeclaration.state(of: all).map { "\($0.state.described)\($0.lazy ? " lazy" : "")" }
}

@Suite("The sources' shared state: what a footprint can name")
struct SharedStateTests {
    @Test("Global and static variables are state; constants of literals, computed properties and task locals are not")
    func declarations() {
        // Given: a file with every kind of declaration
        let source = """
            var counter = 0
            let limit = 10
            let greeting = "Hello, \\(name)"
            nonisolated(unsafe) let cache: [Int] = []
            enum Registry {
                static var names: [String] = []
                static let shared = Store()
                static let prefix = "x"
                static var computed: Int { names.count }
                @TaskLocal static var scoped = 0
                static let logger: TaskLocal<Int> = TaskLocal(wrappedValue: 0)
                var instance = 1
            }
            extension Registry { static var extra = [1] }
            func f() { var local = 1; local += 1 }
            """

        // When: its declarations are read
        let sut = declared(source)

        // Then: the variables, the unsafe constant and the lazily set constants; nothing else
        #expect(
            sut == [
                "`counter`", "`greeting` lazy", "`cache`", "`Registry.names`", "`Registry.shared` lazy",
                "`Registry.extra`",
            ])
    }

    @Test(
        "A constant of a fixed value is no state: whichever test sets it first, it is the same, and nothing changes it")
    func fixedConstants() {
        // Given: constants of regular expressions, a queue, enum cases and options (GraphQL's), and constants whose
        // value depends on who sets it first or can change after
        let source = """
            let validName = try! NSRegularExpression(pattern: "^[_a-z]+$", options: [.caseInsensitive])
            let keys: [Kind: [String]] = [.name: [], .document: ["definitions"]]
            enum Kind { case name, document }
            let colon = UInt8(ascii: ":")
            enum Cache {
                static let queue = DispatchQueue(label: "cache", attributes: .concurrent)
                static let pretty = Options(rawValue: 1 << 0)
            }
            let formatter = ISO8601DateFormatter()
            let here = URL(fileURLWithPath: "notes")
            let hosts = try! String(contentsOfFile: "/etc/hosts")
            let defaults = makeDefaults()
            let id = try! ScalarType(name: "ID")
            let home = URL(string: "https://example.com/\\(path)")
            let enabledKey: CodingUserInfoKey = .init(rawValue: "vendor-extensions-enabled")!
            let parsed: Version = .init(major: 1)!
            var pattern = try! NSRegularExpression(pattern: "a", options: [])
            """

        // When: its declarations are read
        let sut = declared(source)

        // Then: the fixed constants are none; the others are set lazily; a variable is one whatever its value
        #expect(
            sut == [
                "`Cache.queue` lazy", "`formatter` lazy", "`here` lazy", "`hosts` lazy", "`defaults` lazy", "`id` lazy",
                "`home` lazy", "`parsed` lazy", "`pattern`",
            ])
    }

    @Test("A constant naming only fixed constants and enum cases is fixed, over every file; one naming state is not")
    func fixedThroughReferences() {
        // Given: FlyingFox's shape (a set of a static array of a type's constants), enum cases with and without
        // payloads, and constants that name state, a package's own value, a shared object or a static function
        let source = """
            struct Method {
                static let get = Method(rawValue: "GET")
                static let sorted = [Method.get, .post]
                static let post = Method(rawValue: "POST")
            }
            let allMethods = Set(Method.sorted)
            let word: Token = .word("x")
            let custom = Custom()
            let customs = [custom]
            let named = Set(Registry.names)
            let shadowed: [String] = [.names]
            let made: Token = .make("x")
            let here: Locale = .current
            let started = Date()
            let t0: Date = .now
            let instance: Registry = .instance
            let channel = Channel(rawValue: 1)
            let home = String(env: "HOME")
            let delay: Duration = .seconds(5)
            let handler: Handler = .number
            let units: [Unit] = [.seconds(1), .number]
            let priority: Priority = .custom(.high)
            let level: Priority = .high
            struct Route { static let a = Route(rawValue: "a"); static let b = Route(rawValue: "b"); static let all = [Route.a, .b] }
            """
        let other = """
            enum Token { case word(String), number; static func make(_ text: String) -> Token { .word(text) } }
            enum Unit { case seconds(Int), number }
            enum Priority { case high, low, custom(Threshold) }
            struct Threshold { static var high = Threshold(90) }
            enum Flags { static var b = 0 }
            enum Registry { static var names: [String] = []; static var instance: Registry { .init() } }
            final class Channel { let rawValue: Int; init(rawValue: Int) { self.rawValue = rawValue } }
            """

        // When: the state of both files is resolved
        let sut = declared(source, others: [other])

        // Then: only the variable and the constants that name it, a package's value, a static function, a shared
        // object, an implicit member of a type the sources do not declare (a case of the same name elsewhere
        // is another type's), one in a case's payload (whose type the syntax does not know), or one without an
        // annotation where any type's member of that name is state
        #expect(
            sut == [
                "`custom` lazy", "`customs` lazy", "`named` lazy", "`shadowed` lazy", "`made` lazy", "`here` lazy",
                "`started` lazy", "`t0` lazy", "`instance` lazy", "`channel` lazy", "`home` lazy", "`delay` lazy",
                "`handler` lazy", "`priority` lazy", "`Route.all` lazy", "`Threshold.high` lazy", "`Flags.b`",
                "`Registry.names`",
            ])
    }

    @Test("A package struct's value made from literals by an initializer that only stores them is fixed")
    func plainStructInitializers() {
        // Given: FlyingFox's shape (a struct whose init(_:) hands its text, uppercased, to init(rawValue:), which stores
        // it; a set of constants it makes; a set of the sorted ones), a memberwise one, and near misses: a class, an
        // init that reads a global, assigns a bare name, or branches, a struct whose property default is a moment
        // or is wrapped, a struct also declared a class elsewhere, an init whose labels no declaration has
        let source = """
            struct Header: Hashable {
                var rawValue: String
                init(rawValue: String) { self.rawValue = rawValue }
                init(_ rawValue: String) { self.init(rawValue: rawValue.uppercased()) }
                static let cookie = Header("Cookie")
                static let host: Header = .init("Host")
                static let all: Set<Header> = [.cookie, .host]
                static let sorted = [Header.cookie, Header.host]
                static let set = Set(Header.sorted)
            }
            struct Point { var x: Int; var y = 0; let z = 1 }
            let origin = Point(x: 0, y: 0)
            let partial = Point(x: 0)
            final class Box { var value: String; init(_ value: String) { self.value = value } }
            let box = Box("x")
            var prefix = "a"
            struct Prefixed { var text: String; init(_ text: String) { self.text = prefix + text } }
            let prefixed = Prefixed("b")
            var seen = 0
            struct Counted { var text: String; init(_ text: String) { seen = 1; self.text = text } }
            let counted = Counted("c")
            struct Checked { var text: String; init(_ text: String) { if text.isEmpty { self.text = "-" } else { self.text = text } } }
            let checked = Checked("d")
            struct Stamped { var text: String; var at = Date(); init(_ text: String) { self.text = text } }
            let stamped = Stamped("e")
            struct Wrapped { @Clamped var level = 1; init(level: Int) { self.level = level } }
            let wrapped = Wrapped(level: 2)
            struct Either { var text: String; init(_ text: String) { self.text = text } }
            let either = Either("f")
            let labelled = Header(name: "g")
            let fromState = Header(prefix)
            final class Counter { var count = 0; init(start: Int) { count = start }; init(rawValue: Int) {} }
            struct Holder { var counter: Counter?; var start = 0 }
            let heldMade: Holder = Holder(counter: .init(start: 1))
            let heldRaw: Holder = Holder(counter: .init(rawValue: 1))
            enum Nest { struct Store { init() {} } }
            actor Store { var items: [Int] = [] }
            let store = Store()
            struct Logged { var _x = 0; init(x: Int) { self._x = 0; self.x = x } }
            extension Logged { var x: Int { get { _x } set { prefix += "set"; _x = newValue } } }
            let logged = Logged(x: 1)
            @MemberwiseInit struct Generated { var a: Int }
            let generated = Generated(a: 1)
            struct Delegating { var t: String; init(raw: String) { self.t = prefix + raw }; init(_ t: String) { self.init(raw: t) } }
            let delegating = Delegating("x")
            """
        let other = """
            final class Either { var text: String; init(_ text: String) { self.text = text } }
            """

        // When: the state of both files is resolved
        let sut = declared(source, others: [other])

        // Then: the header constants, the sets of them and the memberwise points (a defaulted `var` left out) are
        // fixed; the rest are set lazily: among them a struct holding a class's instance made by an implicit
        // `.init` (an argument's type is not the annotation's), a struct of the name an actor also has, a setter
        // run by an initializer, a macro that may add code, a delegation to an initializer that reads state
        #expect(
            sut == [
                "`box` lazy", "`prefix`", "`prefixed` lazy", "`seen`", "`counted` lazy", "`checked` lazy",
                "`stamped` lazy", "`wrapped` lazy", "`either` lazy", "`labelled` lazy", "`fromState` lazy",
                "`heldMade` lazy", "`heldRaw` lazy", "`store` lazy", "`logged` lazy", "`generated` lazy",
                "`delegating` lazy",
            ])
    }

    @Test(
        "Another platform's #if clause declares nothing here; a C library's constant is fixed, a type's member is not")
    func platformsAndCConstants() {
        // Given: FlyingFox's sockets (a Windows-only global of the C name, constants of Glibc's macros and
        // structs), and near misses: a toolchain type's member, a C-like name a type declares as state, one the
        // sources declare as a variable, a lowercase C global, a call of an unknown function in the module
        let source = """
            #if os(Windows)
            let EINPROGRESS = WSAEINPROGRESS
            #else
            var onLinux = 0
            #endif
            enum Socket {
                static let stream = Int32(SOCK_STREAM.rawValue)
                static let any = Glibc.in_addr(s_addr: Glibc.in_addr_t(0))
                static let flag = O_NONBLOCK
                static let temporary = URL.temporaryDirectory
                static let limit = MAX_OPEN
                static let out = stdout
                static let made = Glibc.makeThing(1)
            }
            enum Limits { static var MAX_OPEN = 10 }
            var VERBOSE = false
            let verbose = VERBOSE
            var O_LEVEL = Level.low
            let level = O_LEVEL.rawValue
            let width = COLS
            #if ENABLE_METRICS
            var retries = 3
            #endif
            #if swift(>=6.0)
            let modern = 1
            #else
            var legacy = 0
            #endif
            """

        // When: its declarations are read
        let sut = declared(source)

        // Then: the Windows constant is not this build's; the other platform's fallbacks and C constants are fixed.
        // A declared global's raw value, a capitals name of no C family (curses' `COLS` is a variable) and what a
        // custom condition or the language mode may compile stay
        #expect(
            sut == [
                "`onLinux`", "`Socket.temporary` lazy", "`Socket.limit` lazy", "`Socket.out` lazy",
                "`Socket.made` lazy", "`Limits.MAX_OPEN`", "`VERBOSE`", "`verbose` lazy", "`O_LEVEL` lazy",
                "`level` lazy",
                "`width` lazy", "`retries`", "`legacy`",
            ])
    }

    @Test("A labelled call of a declared function is its call, not a reference to a stored value of that name")
    func labelledCallsOfFunctions() {
        // Given: FlyingFox's frames (a static function `close(code:)` and, in its tests, a lazily set `close`),
        // and near misses: an unlabelled call and the bare name, which may be the stored value, and a labelled
        // call of a stored value where no function has that name (its callAsFunction)
        let source = """
            struct Frame {
                static func close(code: Int) -> Frame { Frame() }
                static let close = Frame.close(code: 1000)
                static let handler = Handler()
            }
            func uses() {
                _ = Frame.close(code: 1)
                _ = Frame.close
                Frame.handler(request: 1)
            }
            """

        // When: its accesses are found
        let sut = accesses(source)

        // Then: the labelled call of the function touches nothing; the others touch the stored values
        #expect(sut == ["`Frame.close` rw 8", "`Frame.handler` rw 9"])

        // Near misses: a function of that name in another type, and a value callable with labels
        let callable = """
            struct Counter { var n = 0; mutating func callAsFunction(by: Int) { n += by } }
            enum Other { static func counter(by: Int) {} }
            enum K {
                static var counter = Counter()
                static func counter(of: Int) {}
                static func f() { K.counter(by: 1); counter(by: 2); Other.counter(by: 3) }
            }
            """
        #expect(accesses(callable) == ["`K.counter` rw 6", "`K.counter` rw 6"])
    }

    @Test("A private dispatch queue of literals that its file only hands work to is no state; any other use keeps it")
    func queuesOnlyGivenWork() {
        // Given: GraphQL's reader/writer queues around its caches, a global and a static, only given work
        let source = """
            import Dispatch
            private let cacheQueue = DispatchQueue(label: "graphql.cache", attributes: .concurrent)
            final class Schema {
                private static let fields = DispatchQueue(label: "fields", qos: .userInitiated, attributes: [.concurrent])
                var cache: [String: Int] = [:]
                func read() -> [String: Int] { cacheQueue.sync { cache } }
                func write() { cacheQueue.sync(flags: .barrier) { cache = [:] }; Self.fields.async { } }
                func later() { Schema.fields.asyncAfter(deadline: .now()) { } }
            }
            """

        // When / Then: neither is state
        #expect(declared(source) == [])

        // Near misses: a queue suspended, handed on, named again or retargeted, one not private, one made with
        // a target or from a value, and a private variable
        let suspended = """
            private let queue = DispatchQueue(label: "q")
            func pause() { queue.suspend() }
            func work() { queue.sync { } }
            """
        let handedOn = """
            private let queue = DispatchQueue(label: "q")
            func work() { queue.sync { } }
            func give() { run(on: queue) }
            """
        let aliased = """
            private let queue = DispatchQueue(label: "q")
            private let same = queue
            """
        let moduleWide = """
            let queue = DispatchQueue(label: "q")
            func work() { queue.sync { } }
            """
        let targeted = """
            private let queue = DispatchQueue(label: "q", target: .global())
            func work() { queue.sync { } }
            """
        let computedLabel = """
            private let queue = DispatchQueue(label: "q.\\(prefix)")
            func work() { queue.sync { } }
            """
        let variable = """
            private var queue = DispatchQueue(label: "q")
            func work() { queue.sync { } }
            """
        #expect(declared(suspended) == ["`queue (F.swift)` lazy"])
        #expect(declared(handedOn) == ["`queue (F.swift)` lazy"])
        #expect(declared(aliased) == ["`queue (F.swift)` lazy", "`same (F.swift)` lazy"])
        #expect(declared(moduleWide) == ["`queue` lazy"])
        #expect(declared(targeted) == ["`queue (F.swift)` lazy"])
        #expect(declared(computedLabel) == ["`queue (F.swift)` lazy"])
        #expect(declared(variable) == ["`queue (F.swift)` lazy"])
    }

    @Test("A computed property whose getter only returns a fixed value is fixed; one that reads state or sets is not")
    func computedPropertiesOfFixedValues() {
        // Given: swift-argument-parser's exit codes, made from computed properties returning C constants (one per
        // platform, the others' clauses certainly not compiled here); near misses: a getter reading a variable, one
        // making a date, one with a setter, one of two statements, one whose clause of a custom condition reads
        // a variable, and two whose bare expression a result builder rewrites (an explicit attribute, and one a
        // protocol's requirement gives the type that conforms where it is declared)
        let source = """
            enum Platform {
                static var exitCodeSuccess: Int32 { EXIT_SUCCESS }
                static var exitCodeFailure: Int32 { get { return EXIT_FAILURE } }
                static var counter: Int32 = 0
                static var next: Int32 { counter }
                static var now: Date { Date() }
                static var settable: Int32 { get { 1 } set { counter = newValue } }
                static var twice: Int32 { let x = EXIT_FAILURE; return x }
                static var usage: Int32 {
                    #if os(Windows)
                    return Int32(ERROR_BAD_ARGUMENTS)
                    #else
                    return EX_USAGE
                    #endif
                }
                static var custom: Int32 {
                    #if DEBUG
                    return counter
                    #else
                    return EX_USAGE
                    #endif
                }
            }
            struct ExitCode {
                var rawValue: Int32
                init(_ code: Int32) { self.rawValue = code }
                static let success = ExitCode(Platform.exitCodeSuccess)
                static let failure = ExitCode(Platform.exitCodeFailure)
                static let read = ExitCode(Platform.next)
                static let stamp = Platform.now
                static let set = ExitCode(Platform.settable)
                static let two = ExitCode(Platform.twice)
                static let validationFailure = ExitCode(Platform.usage)
                static let debug = ExitCode(Platform.custom)
            }
            final class Router { var routes: [String]; init(_ r: [String]) { routes = r } }
            @resultBuilder enum RouteBuilder { static func buildBlock(_ r: String...) -> Router { Router(r) } }
            protocol Routed { @RouteBuilder static var router: Router { get } }
            enum App {
                @RouteBuilder static var router: Router { "home" }
                static let shared = App.router
            }
            enum Site: Routed {
                static var router: Router { "home" }
                static let shared = Site.router
            }
            """

        // When / Then: the exit codes of C constants are fixed; the others are set lazily (and the variable is state)
        #expect(
            Set(declared(source)) == [
                "`Platform.counter`", "`ExitCode.read` lazy", "`ExitCode.stamp` lazy", "`ExitCode.set` lazy",
                "`ExitCode.two` lazy", "`ExitCode.debug` lazy", "`App.shared` lazy", "`Site.shared` lazy",
            ])
    }

    @Test("A private formatter configured from fixed values that its file only formats with is no state; others are")
    func formattersOnlyUsedToFormat() {
        // Given: FlyingFox's date formatter, given its format, time zone and locale, only formatting dates; an ISO
        // formatter and a decoder, which need no property set
        let source = """
            import Foundation
            struct HTTPCacheControl {
                static func value(for date: Date) -> String { Self.dateFormatter.string(from: date) }
                static func parse(_ text: String) -> Date? { HTTPCacheControl.dateFormatter.date(from: text) }
                private static let dateFormatter: DateFormatter = {
                    let df = DateFormatter()
                    df.dateFormat = "EEE, d MMM yyyy HH:mm:ss zzz"
                    df.timeZone = TimeZone(secondsFromGMT: 0)
                    df.locale = Locale(identifier: "en_US_POSIX")
                    return df
                }()
            }
            private let iso = ISO8601DateFormatter()
            private let decoder = JSONDecoder()
            func stamp(_ date: Date) -> String { iso.string(from: date) }
            func read(_ data: Data) throws -> [String] { try decoder.decode([String].self, from: data) }
            """

        // When / Then: none is state
        #expect(declared(source) == [])

        // Near misses: a formatter changed after it is made, one taking the process's time zone, one given no
        // locale, one handed on, and one not private
        let changed = """
            private let formatter: DateFormatter = {
                let f = DateFormatter(); f.timeZone = TimeZone(secondsFromGMT: 0); f.locale = Locale(identifier: "en")
                return f
            }()
            func iso() { formatter.dateFormat = "yyyy" }
            func text(_ d: Date) -> String { formatter.string(from: d) }
            """
        let currentZone = """
            private let formatter: DateFormatter = {
                let f = DateFormatter(); f.timeZone = TimeZone.current; f.locale = Locale(identifier: "en")
                return f
            }()
            func text(_ d: Date) -> String { formatter.string(from: d) }
            """
        let noLocale = """
            private let formatter: NumberFormatter = {
                let f = NumberFormatter()
                f.numberStyle = .decimal
                return f
            }()
            func text(_ n: NSNumber) -> String? { formatter.string(from: n) }
            """
        let handedOn = """
            private let encoder = JSONEncoder()
            func configure() { tune(encoder) }
            """
        let moduleWide = """
            let decoder = JSONDecoder()
            func read(_ data: Data) throws -> Int { try decoder.decode(Int.self, from: data) }
            """
        #expect(declared(changed) == ["`formatter (F.swift)` lazy"])
        #expect(declared(currentZone) == ["`formatter (F.swift)` lazy"])
        #expect(declared(noLocale) == ["`formatter (F.swift)` lazy"])
        #expect(declared(handedOn) == ["`encoder (F.swift)` lazy"])
        #expect(declared(moduleWide) == ["`decoder` lazy"])

        // … and one given an implicit member the package makes state, one of a type the package declares, and one
        // whose time zone is an abbreviation (a table any code can set)
        let packageMember = """
            extension TimeZone { static var server = TimeZone(secondsFromGMT: 0)! }
            private let formatter: DateFormatter = {
                let f = DateFormatter(); f.timeZone = .server; f.locale = Locale(identifier: "en")
                return f
            }()
            func text(_ d: Date) -> String { formatter.string(from: d) }
            """
        let packageType = """
            final class JSONEncoder { var count = 0; func encode(_ x: Int) -> Int { count += x; return count } }
            private let encoder = JSONEncoder()
            func add(_ x: Int) -> Int { encoder.encode(x) }
            """
        let abbreviation = """
            private let formatter: DateFormatter = {
                let f = DateFormatter(); f.timeZone = TimeZone(abbreviation: "GMT")!; f.locale = Locale(identifier: "en")
                return f
            }()
            func text(_ d: Date) -> String { formatter.string(from: d) }
            """
        #expect(declared(packageMember) == ["`TimeZone.server`", "`formatter (F.swift)` lazy"])
        #expect(declared(packageType) == ["`encoder (F.swift)` lazy"])
        #expect(declared(abbreviation) == ["`formatter (F.swift)` lazy"])
        // … and one given the process's time zone as an implicit member
        let implicitCurrent = """
            private let formatter: DateFormatter = {
                let f = DateFormatter(); f.timeZone = .current; f.locale = Locale(identifier: "en")
                return f
            }()
            func text(_ d: Date) -> String { formatter.string(from: d) }
            """
        #expect(declared(implicitCurrent) == ["`formatter (F.swift)` lazy"])
    }

    @Test("A reference reads, an assignment writes, a compound assignment, & or a method call on it do both")
    func referencesAndHowTheyAreUsed() {
        // Given: uses of a global and a static, and of a lazily set constant
        let source = """
            var basket: [Int] = []
            enum Store { static var total = 0; static let shared = Box() }
            func uses() {
                basket = []
                print(basket)
                basket.append(1)
                Store.total += 2
                swap(&Store.total, &other)
                _ = Store.shared
            }
            """

        // When: its accesses are found
        let sut = accesses(source)

        // Then: each with how it is used; the lazily set constant is read and written by its first reader
        #expect(
            sut == [
                "`basket` w 4", "`basket` r 5", "`basket` rw 6", "`Store.total` rw 7", "`Store.total` rw 8",
                "`Store.shared` rw 9",
            ])
    }

    @Test("A static of another file's type is found by its type's name, not by a member of the same name")
    func staticsByTypeName() {
        // Given: a dependency's static, used through its type and by an unrelated instance member
        let dependency = "public enum Registry { public static var names: [String] = [] }"
        let test = """
            func a() { Registry.names.append("a") }
            func b(_ other: Other) { _ = other.names; _ = Kit.Registry.names }
            """

        // When: the test's accesses are resolved against the dependency's declarations
        let sut = accesses(test, others: [dependency])

        // Then: the qualified uses touch the static; the instance member does not
        #expect(sut == ["`Registry.names` rw 1", "`Registry.names` r 2"])
    }

    @Test("In a static member, `self.name` is the type's static; in an instance member, an instance's property")
    func selfInAStaticMember() {
        // Given: swift-log's shape: a private static box, replaced by a static function and read by a static
        // property's getter, a closure inside one, a local constant, an explicit getter and setter, a local function
        // of an extension's static function and a class's `class func`, all through `self.`; an instance method's
        // `self.box` is its own, and so is a local type's inside a static function
        let source = """
            enum System {
                private static let box = Box(nil)
                static func bootstrap() { self.box.replace(1) }
                static var provider: Int? { self.box.underlying }
                static var factory: () -> Int? { { self.box.underlying } }
                static func local() -> Int? { let value = self.box.underlying; return value }
                class Nested { var box = 0; func read() -> Int { self.box } }
                func instance() -> Int { let count = self.box.count; return count }
                static var current: Int? { get { self.box.underlying } set { self.box.replace(newValue) } }
            }
            extension System {
                static func reset() { func clear() { self.box.replace(nil) }; clear() }
                static func made() -> Int { struct Local { var box = 1; func get() -> Int { self.box } }; return Local().get() }
            }
            final class Registry {
                private static let box = Box(nil)
                class func shared() -> Int? { self.box.underlying }
            }
            """

        // When: its accesses are found
        let sut = accesses(source)

        // Then: each static member's `self.box` is the static (set lazily: read and written); the nested type's
        // instance method and the enum's instance method touch no static
        #expect(
            sut == [
                "`System.box (F.swift)` rw 3", "`System.box (F.swift)` rw 4", "`System.box (F.swift)` rw 5",
                "`System.box (F.swift)` rw 6", "`System.box (F.swift)` rw 9", "`System.box (F.swift)` rw 9",
                "`System.box (F.swift)` rw 12", "`Registry.box (F.swift)` rw 17",
            ])
    }

    @Test("A private global is another file's only in its own file: a name there is something else")
    func privateToItsFile() {
        // Given: a private global of another file, and one of this file, both named `basket`
        let other = "nonisolated(unsafe) private var basket: [Int] = []"
        let mine = """
            nonisolated(unsafe) fileprivate var count = 0
            func f() { guard let basket = [[1]].first else { return }; _ = basket; count += 1 }
            """

        // When: this file's accesses are resolved
        let sut = accesses(mine, others: [other])

        // Then: its own private global, named with its file; the other file's is not this `basket`
        #expect(sut == ["`count (F.swift)` rw 2"])
    }

    @Test("The process's state: the environment, the current directory, signals, the umask, the locale")
    func processState() {
        // Given: calls that read and change the process's state
        let source = """
            setenv("MODE", "strict", 1)
            _ = getenv("MODE")
            _ = ProcessInfo.processInfo.environment["MODE"]
            FileManager.default.changeCurrentDirectoryPath("/tmp")
            _ = FileManager.default.currentDirectoryPath
            signal(SIGPIPE, SIG_IGN)
            umask(0o22)
            setlocale(LC_ALL, "C")
            UserDefaults.standard.set(1, forKey: "k")
            """

        // When: its accesses are found
        let sut = accesses(source)

        // Then: each names its state, with how it is touched
        #expect(
            sut == [
                "the environment w 1", "the environment r 2", "the environment r 3", "the current directory w 4",
                "the current directory r 5", "the signal handlers rw 6", "the umask rw 7", "the locale rw 8",
                "`UserDefaults.standard` rw 9",
            ])
    }

    @Test("A file at a literal path is that file; a computed one is any file and reads the current directory")
    func files() {
        // Given: a literal absolute path, a relative one, a computed one, and one in a folder of the test's own
        let source = """
            func write(_ url: URL) throws {
                FileManager.default.createFile(atPath: "/tmp/shared.txt", contents: nil)
                _ = FileManager.default.fileExists(atPath: "notes.txt")
                try Data().write(to: url)
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
                let file = folder.appendingPathComponent("a")
                _ = try String(contentsOf: file, encoding: .utf8)
            }
            """

        // When: its accesses are found
        let sut = accesses(source)

        // Then: the literal paths as themselves (the relative one in the current directory), the computed one
        // as any file, and the unique one as the test's own
        #expect(
            sut == [
                "the file /tmp/shared.txt rw 2", "the current directory r 3", "the file notes.txt r 3",
                "files at paths the code computes rw 4", "the current directory r 4",
                "files in a folder of its own r 7",
            ])
    }

    @Test(
        "A file a helper of the file only ever makes at a unique path is the test's own; a helper that may not is any")
    func uniqueFilesFromHelpers() {
        // Given: FlyingFox's cache tests (a helper returning a file under a UUID's name, which the test binds to a
        // name of the helper's own local and removes), and
        // near misses: a helper with one fixed return, one returning what it is given (not unique), one returning
        // nothing, one returning a cached name or a fresh one (its `url` bound twice), a member call of the helper's
        // name, and a helper returning what it is handed
        let source = """
            func test() throws {
                let url = try makeTempFile()
                try FileManager.default.removeItem(at: url)
                try FileManager.default.removeItem(at: makeFixedOrTemp(true))
                try FileManager.default.removeItem(at: passThrough(base))
                try FileManager.default.removeItem(at: touch())
                try FileManager.default.removeItem(at: scratch())
                try FileManager.default.removeItem(at: Bundle.module.makeTempFile(forResource: "a"))
                try FileManager.default.removeItem(at: copy(base))
            }
            func scratch() -> URL {
                if let url = cached { return url }
                let url = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
                return url
            }
            func copy(_ source: URL) -> URL { source }
            func makeTempFile() throws -> URL {
                let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(UUID().uuidString)
                return url
            }
            func makeFixedOrTemp(_ fixed: Bool) -> URL {
                if fixed { return URL(fileURLWithPath: "/tmp/fixed") }
                return FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
            }
            func passThrough(_ path: URL) -> URL { path }
            func touch() { _ = [1].map { return $0 } }
            """

        // When: its accesses are found
        let sut = accesses(source)

        // Then: only the first helper's file is the test's own
        #expect(
            sut == [
                "files in a folder of its own rw 3", "files at paths the code computes rw 4",
                "the current directory r 4", "files at paths the code computes rw 5", "the current directory r 5",
                "files at paths the code computes rw 6", "the current directory r 6",
                "files at paths the code computes rw 7", "the current directory r 7",
                "files at paths the code computes rw 8", "the current directory r 8",
                "files at paths the code computes rw 9", "the current directory r 9",
            ])
    }

    @Test("The network, a process started, a function looked up by name")
    func networkProcessesAndLookups() {
        // Given: a fixed port, port 0, a session, a process, dlsym
        let source = """
            _ = try server.bind(host: "127.0.0.1", port: 8080)
            _ = try server.bind(host: "127.0.0.1", port: 0)
            _ = try await URLSession.shared.data(from: url)
            let process = Process()
            _ = dlsym(handle, "f")
            """

        // When: its accesses are found
        let sut = accesses(source)

        // Then: the fixed port, not port 0; the session; the process; the lookup as unseen
        #expect(sut.count == 5)
        #expect(sut[0] == "the network (port 8080) rw 1")
        #expect(sut[1].hasPrefix("the network rw 3"))
        #expect(sut[3] == "a process it starts, whose work the footprint cannot see rw 4")
        #expect(sut[4].hasPrefix("what it cannot see into (it looks code up by name (dlsym)"))
    }

    @Test("Writing into a stream with write(to: &output) is no file; an import of another platform's module is none")
    func notFilesNorImports() {
        // Given: a value written into a string, and Windows' C library imported for Windows only
        let source = """
            #if os(Windows)
            import CRT
            #else
            import Glibc
            #endif
            func describe(_ value: some TextOutputStreamable) -> String {
                var output = ""
                value.write(to: &output)
                return output
            }
            """

        // When: its facts are read
        let sut = SharedStateSites.Facts.read(source)

        // Then: no access, and only the module this platform compiles
        #expect(sut.calls.isEmpty)
        #expect(sut.imports == ["Glibc"])
    }

    @Test(
        "A file importing the compiler's Builtin module (swift-atomics') is seen; one importing an unbuilt module is not"
    )
    func builtinIsTheToolchains() async throws {
        // Given: swift-atomics' shape, a file of atomic operations importing Builtin, and a file importing a
        // module the build did not compile
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("builtin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let atomics = folder.appendingPathComponent("Primitives.native.swift")
        let opaque = folder.appendingPathComponent("Z.swift")
        try "import Builtin\nfunc load(_ p: Builtin.RawPointer) { _ = Builtin.atomicload_seqcst_Int64(p) }\n"
            .write(to: atomics, atomically: true, encoding: .utf8)
        try "import CZlib\nfunc squeeze() { compress() }\n".write(to: opaque, atomically: true, encoding: .utf8)

        // When: their accesses are found, no module built
        let sut = try await SharedStateSites.find(in: [atomics.path, opaque.path], builtModules: [], cache: nil)

        // Then: nothing in the atomics file; the other's function unseen
        #expect(sut[atomics.path] == nil)
        #expect(sut[opaque.path]?.map(\.state.described).first?.hasPrefix("what it cannot see into") == true)
    }

    @Test("A call with argument labels is no C function: remove(at:) is the code's own, remove(path) is a file")
    func labelledCallsAreNoCFunctions() {
        // Given: a collection's own remove(at:) and remove(subrange:), and C's remove and unlink of a path
        let source = """
            struct Arguments {
                mutating func take(_ index: Int) {
                    defer { remove(at: index) }
                    remove(subrange: 0..<index)
                    _ = remove(path)
                    _ = unlink(path)
                }
            }
            """

        // When: its accesses are found
        let sut = accesses(source)

        // Then: only the unlabelled calls touch files
        #expect(
            sut == [
                "files at paths the code computes rw 5", "the current directory r 5",
                "files at paths the code computes rw 6", "the current directory r 6",
            ])
    }

    @Test("An import under #if canImport of a module the build did not compile is not compiled, so not opaque")
    func importsOfModulesNotBuilt() {
        // Given: XMLCoder's shape: Combine on Apple platforms, else OpenCombine where it can be imported, an
        // unguarded import of a system library's module, and a choice of C library
        let source = """
            #if canImport(Combine)
            import Combine
            #elseif canImport(OpenCombine)
            import OpenCombine
            #endif
            import CZlib
            #if canImport(Darwin)
            import Darwin
            #elseif canImport(Musl)
            import Musl
            #elseif canImport(Glibc)
            import Glibc
            #endif
            """
        // The C library the toolchain gives this host, as the build finds it.
        #if canImport(Darwin)
            let libc = "Darwin"
        #elseif canImport(Musl)
            let libc = "Musl"
        #else
            let libc = "Glibc"
        #endif

        // When: its facts are read with the modules built known, without OpenCombine and with it, and unknown
        let without = SharedStateSites.Facts.read(source, built: ["XMLCoder", "XMLCoderTests"])
        let with = SharedStateSites.Facts.read(source, built: ["XMLCoder", "OpenCombine"])
        let unknown = SharedStateSites.Facts.read(source)

        // Then: OpenCombine is imported only when it was built (or, not knowing, when it may be); CZlib always; of
        // the C libraries, the host's (not Musl on a glibc host, whose branch comes first)
        #expect(without.imports == ["CZlib", libc])
        #expect(with.imports == ["OpenCombine", "CZlib", libc])
        #expect(unknown.imports == ["OpenCombine", "CZlib", libc])
        // A package's own module named as an Apple one is there when the build compiled it
        let own = SharedStateSites.Facts.read("#if canImport(Network)\nimport Network\n#endif", built: ["Network"])
        #expect(own.imports == ["Network"])
    }

    @Test(
        "A system library's module, which nothing compiles, is importable: the build's plan names its module map",
        arguments: ["debug", "release"])
    func systemLibraryModules(configuration: String) async throws {
        // Given: a build folder (its path with a space) with a module compiled in the configuration and its plan
        // passing GRDB's shape of system library module map (its module, a submodule, comments, a header at an
        // absolute path) to the compiles, and a file of the package that imports the system library under #if
        // canImport
        let build = FileManager.default.temporaryDirectory.appendingPathComponent("plan \(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: build) }
        try FileManager.default.createDirectory(
            at: build.appendingPathComponent("\(configuration)/GRDB.build"), withIntermediateDirectories: true)
        let map = build.appendingPathComponent("module.modulemap")
        try """
        // module Commented {
        module GRDBSQLite [system] {
            header "/usr/include/sqlite3.h" /* module Hidden { */
            module Extra { header "extra.h" }
            link "sqlite3"
        }
        framework module Second { umbrella header "Second.h" }
        """.write(to: map, atomically: true, encoding: .utf8)
        try #"  args: ["-Xcc","-fmodule-map-file=\#(map.path)","-I"]"#.write(
            to: build.appendingPathComponent("\(configuration).yaml"), atomically: true, encoding: .utf8)
        let file = build.appendingPathComponent("Database.swift")
        try """
        #if canImport(GRDBSQLite)
        import GRDBSQLite
        #else
        import SQLite3
        #endif
        func open() { sqlite3_open() }
        """.write(to: file, atomically: true, encoding: .utf8)

        // When: the build's modules are read, and the file's accesses with them
        let built = Audit.builtModules(in: build, configuration: configuration)
        let mapped = Audit.mappedModules(in: build, configuration: configuration)
        let sut = try await SharedStateSites.find(
            in: [file.path], builtModules: built, importable: built.union(mapped), cache: nil)

        // Then: the system library's module is found, not its submodules or the comments; its branch is compiled,
        // and as it has no coverage, the function importing it is unseen
        #expect(built == ["GRDB"])
        #expect(mapped == ["GRDBSQLite", "Second"])
        #expect(sut[file.path]?.map(\.state.described).first?.contains("GRDBSQLite") == true)
    }

    @Test("A file importing a module built without coverage makes every function of it unseen")
    func opaqueModule() {
        // Given: a file of two functions that imports a system library's module
        let source = """
            import CZlib
            func a() { compress() }
            func b() {
                decompress()
            }
            """

        // When: its accesses are found, the module being opaque
        let sut = accesses(source, opaque: "CZlib")

        // Then: each function body is unseen
        #expect(sut.count == 2)
        #expect(sut.allSatisfy { $0.hasPrefix("what it cannot see into (it calls into CZlib") })
    }

    @Test("States meet when they are the same, a file and its folder, any file and a file, and the unseen")
    func meeting() {
        #expect(SharedState.global("a").meets(.global("a")))
        #expect(!SharedState.global("a").meets(.global("b")))
        #expect(SharedState.file("/tmp/x").meets(.file("/tmp/x/y")))
        #expect(!SharedState.file("/tmp/x").meets(.file("/tmp/xy")))
        #expect(SharedState.file(nil).meets(.file("/tmp/x")))
        #expect(!SharedState.ownFile.meets(.file(nil)))
        #expect(SharedState.process.meets(.file(nil)))
        #expect(!SharedState.process.meets(.environment))
        #expect(SharedState.unseen("x").meets(.environment))
        #expect(!SharedState.network(1).meets(.network(2)))
        #expect(SharedState.network(nil).meets(.network(2)))
    }
}
