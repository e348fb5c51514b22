/// Why a test never runs: the cause each finding of the never-run family names (docs/audit.md, "Tests that
/// never run"). The family is two kinds by intent: ``FindingKind/neverRan``, a test that looks alive and that
/// no runner will ever run (an accident: nothing says so), and ``FindingKind/ignoredTest``, a test switched
/// off on purpose without saying why. Each cause has its own fix.
public enum NeverRunCause: String, Codable, Sendable, CaseIterable {
    /// A `test…` function in a Swift Testing suite (a `@Suite` type, or a type holding `@Test`s) without
    /// `@Test`: Swift Testing runs only what `@Test` marks.
    case missingTestAttribute
    /// An XCTest `test…` method taking parameters: XCTest runs only methods without any.
    case takesParameters
    /// An XCTest `test…` method returning a value: XCTest runs only methods returning nothing.
    case returnsValue
    /// A `static` or `class` XCTest `test…` method: XCTest runs instance methods only.
    case staticMethod
    /// A `private` or `fileprivate` XCTest `test…` method: SwiftPM's test discovery on Linux skips it.
    case privateMethod
    /// `test…` methods in a type that does not inherit `XCTestCase`, directly or through the package's own
    /// classes.
    case notATestCase
    /// `test…` methods in an extension test discovery does not read: of `XCTestCase` itself, or of a protocol.
    case extensionNotDiscovered
    /// A test class inheriting `test…` methods from a class of another module: on Linux, discovery lists only
    /// the methods its own module declares.
    case inheritedFromOtherModule
    /// Tests in a file no target compiles: outside every target's folder.
    case fileNotCompiled
    /// Tests in a test target the manifest SwiftPM reads here does not declare (another
    /// `Package@swift-…` manifest, or a condition that does not hold).
    case targetNotBuilt
    /// A test inside an `#if` whose condition is false on every platform this run and the package's CI
    /// workflows build for.
    case compiledOut
    /// A test a `Tests/LinuxMain.swift` manifest leaves out of its lists (found in the runs).
    case leftOutOfManifest
    /// A Quick spec on Linux that no `QCKMain` entry point lists (found in the runs).
    case specWithoutEntryPoint
    /// A test class in the sources whose tests the runner did not list (found in the runs).
    case notDiscovered
    /// `@Test(.disabled())` with no comment and no `.bug(…)`.
    case disabledWithoutReason
    /// `@Test(.enabled(if: false))` or `.disabled(if: true)`: a condition that never lets it run.
    case conditionAlwaysFalse
    /// An unconditional `throw XCTSkip(…)`, `XCTSkipIf(true)`, `XCTSkipUnless(false)`.
    case alwaysSkips
    /// Quick's `xit`, `pending`, or an `xdescribe`/`xcontext` around the example, with no comment saying why.
    case pendingWithoutReason
    /// A method renamed so XCTest skips it (`xtest…`, `disabled_test…`) with no comment saying why.
    case renamedOff
    /// A test whose body opens with a bare `return`, with no comment saying why: what follows never runs.
    case returnsFirst
    /// A file of tests its test target's `exclude:` names.
    case excludedFromTarget

    /// The kind of its findings: ``FindingKind/ignoredTest`` for a test switched off on purpose, else
    /// ``FindingKind/neverRan``.
    public var kind: FindingKind {
        switch self {
        case .disabledWithoutReason, .conditionAlwaysFalse, .alwaysSkips, .pendingWithoutReason, .renamedOff,
            .returnsFirst, .excludedFromTarget:
            return .ignoredTest
        default: return .neverRan
        }
    }

    /// One sentence on how to make the test run (or say why it does not).
    public var fix: String {
        switch self {
        case .missingTestAttribute:
            return "Mark it `@Test` (Swift Testing runs only what @Test marks), or rename it if it is a helper."
        case .takesParameters:
            return
                "Drop the parameters (or make it a `@Test(arguments:)` in Swift Testing), or rename it if it is a helper."
        case .returnsValue:
            return "Return nothing (assert the value instead), or rename it if it is a helper."
        case .staticMethod:
            return "Make it an instance method: XCTest runs `func test…()` of an instance only."
        case .privateMethod:
            return
                "Remove `private`/`fileprivate`: SwiftPM's test discovery on Linux skips such methods (rename it if it is a helper)."
        case .notATestCase:
            return
                "Make the class inherit XCTestCase (a struct cannot), or mark each test @Test and import Testing."
        case .extensionNotDiscovered:
            return
                "Declare the tests in the test class or in an extension of it: discovery does not read extensions of XCTestCase or of a protocol."
        case .inheritedFromOtherModule:
            return
                "Override each inherited test in the subclass (`override func testX() { super.testX() }`), or move the base class into the test target."
        case .fileNotCompiled:
            return "Move the file into a test target's folder, or delete it if the tests are dead."
        case .excludedFromTarget:
            return
                "Take the file out of the target's `exclude:` (fix what kept it out), or delete it if the tests are dead; a comment in the manifest says why meanwhile."
        case .targetNotBuilt:
            return
                "Declare the test target in the manifest SwiftPM reads (Package.swift, or the Package@swift-… file for this toolchain), unconditionally."
        case .compiledOut:
            return
                "Build for a platform whose condition holds in CI (add it to the workflow), or widen the #if, or delete the test."
        case .leftOutOfManifest:
            return
                "Delete Tests/LinuxMain.swift and the allTests lists (XCTestManifests.swift): SwiftPM discovers every test on Linux since Swift 5.4. Or add the test to its class's allTests."
        case .specWithoutEntryPoint:
            return
                "List the spec in a QCKMain entry point, or apply LitmusSpecsPlugin to its test target (docs/specs.md), or port it to XCTest or Swift Testing."
        case .notDiscovered:
            return
                "Make the runner see it: a `test…` method of an XCTestCase subclass (or a @Test function) in a test target, its class not compiled out by an #if."
        case .disabledWithoutReason, .conditionAlwaysFalse, .alwaysSkips, .pendingWithoutReason, .renamedOff,
            .returnsFirst:
            return
                "Say why and until when: `.disabled(\"reason\", .bug(\"URL\"))`, a comment above it, `XCTSkip` under the condition that makes the test impossible, or delete the test."
        }
    }
}

extension Finding {
    /// A finding of the never-run family: its kind and fix follow from `cause`.
    public init(cause: NeverRunCause, test: TestID? = nil, file: String? = nil, line: Int? = nil, message: String) {
        self.init(kind: cause.kind, test: test, file: file, line: line, message: message)
        self.cause = cause
        fix = cause.fix
    }
}
