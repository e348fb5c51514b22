/// What the audit found; docs/audit.md explains each kind and how to fix it.
public enum FindingKind: String, Codable, Sendable, CaseIterable {
    /// F: the median duration exceeds the budget.
    case slowTest
    /// F: the test code sleeps (`sleep`, `usleep`, `Thread.sleep`, `Task.sleep`).
    case sleepInTest
    /// I: fails among the others, passes alone: another test pollutes shared state.
    case failsOnlyWithOthers
    /// I: passes among the others, fails alone: it depends on another test having run.
    case passesOnlyWithOthers
    /// I: the test left a process running after it ended (the audit found it by its tag and ended it).
    case leftProcessRunning
    /// I: the test left files behind in its alone run: in the package (confirmed by running it alone
    /// again) or in the temporary folder its run was given (the audit removed them).
    case leftFiles
    /// I: the test failed only while another test process of the package ran beside it, and passed with
    /// nothing beside it: the two share something outside their processes (a file, a port, a folder).
    case failsBesideOtherProcesses
    /// R: the outcome changed between identical runs.
    case flaky
    /// R: a test process crashed (once per cause, naming the test that caused it when it can be told), or a
    /// test ran past the time limit.
    case crashed
    /// S: no assertion in the test, nor in the helpers it calls.
    case noAssertion
    /// S: an assertion that cannot fail (the same expression on both sides, a literal true).
    case tautology
    /// S: `try?` discards the error of the call under test.
    case swallowedError
    /// S: an expectation created and never waited for.
    case unwaitedExpectation
    /// S: a test that looks alive and that no runner runs: a `test…` without `@Test` in a Swift Testing
    /// suite, an XCTest method of a shape or place discovery skips, a file no target compiles, an `#if` false
    /// wherever it is built, a class or spec the runs never saw (``Finding/cause`` says which, ``NeverRunCause``).
    case neverRan
    /// S: `XCTAssert…`/`XCTFail` in a Swift Testing test or a helper it calls: Swift Testing before 6.4
    /// drops the failure and the test passes.
    case xctestAssertionInSwiftTesting
    /// S: `#expect` in an XCTest method or a helper it calls: XCTest never sees its failure.
    case expectInXCTest
    /// S: Nimble's `expect(x)` never followed by `.to`/`.toNot`/`.notTo`/`.toEventually…`: never evaluated.
    case unevaluatedExpectation
    /// S: an assertion in a `Task`, `Task.detached` or `DispatchQueue….async` closure that nothing in the
    /// test waits for: it may run after the test ended, or never.
    case unawaitedAssertion
    /// S: a passing test none of whose checks ran in its alone run (a closure never called, a loop
    /// that did not iterate, a branch not taken); as a note when only some never ran.
    case assertionNeverRan
    /// T: a source file no test executes.
    case uncoveredFile
    /// S: a test whose body is empty, or holds only comments.
    case emptyTest
    /// S: a test switched off on purpose without a reason: `.disabled()` with no comment or bug,
    /// `.enabled(if: false)`, an unconditional `XCTSkip`, Quick's `xit`/`xdescribe`/`pending`, a method renamed
    /// `xtest…` (``Finding/cause`` says which); with ``neverRan``, the never-run family.
    case ignoredTest
    /// S: `try!`, a force unwrap or `fatalError` in a test: a trap ends every test of the process.
    case trapInTest
    /// S: `==` on floating-point values in an assertion, without `accuracy:`.
    case floatEquality
    /// S: an `XCTestExpectation` fulfilled twice without `expectedFulfillmentCount`, or waited for with
    /// a timeout shorter than a sleep the test makes before it is fulfilled.
    case expectationFulfilledTwice
    /// S: an assertion under an `if`, a `switch` or a loop whose condition the test computes: when the
    /// branch is not taken, nothing is checked and the test passes.
    case conditionalTestLogic
    /// Hint: the same check twice in one test.
    case duplicateAssert
    /// Hint: several XCTest assertions of the same kind without a message: a failure cannot tell which.
    case assertionRoulette
    /// Hint: a check on `description`, `debugDescription` or `String(describing:)`.
    case sensitiveEquality
    /// Hint: a unit test reading a file, the network or the environment outside its fixtures.
    case mysteryGuest
    /// Hint: a test reading a file by path without checking that it exists.
    case resourceOptimism
    /// Hint: `print`/`debugPrint`/`dump`/`NSLog` in a test: output nobody reads.
    case redundantPrint
    /// Hint: one test checking the results of many different calls of the code under test.
    case eagerTest
    /// Hint: an unexplained numeric literal as an assertion's expected value.
    case magicNumber
    /// Hint: `XCTAssert(a == b)`, `XCTAssertTrue(a == b)`, `#expect(x == true)`: a failure does not say
    /// what differed.
    case boolAssertEquality
    /// Hint (Isolated): a Swift Testing test isolated to the main actor that writes state other tests of its
    /// target read or write (a `static var`, a global, a shared instance's property): it passes only because
    /// the main actor runs those tests one at a time.
    case mainActorSharedState

    /// The letter of FIRST the finding counts against.
    public var letter: Letter {
        switch self {
        case .slowTest, .sleepInTest: return .fast
        case .failsOnlyWithOthers, .passesOnlyWithOthers, .leftProcessRunning, .leftFiles, .failsBesideOtherProcesses,
            .mainActorSharedState:
            return .isolated
        case .flaky, .crashed: return .repeatable
        case .noAssertion, .tautology, .swallowedError, .unwaitedExpectation, .neverRan, .xctestAssertionInSwiftTesting,
            .expectInXCTest, .unevaluatedExpectation, .unawaitedAssertion, .assertionNeverRan:
            return .selfValidating
        case .uncoveredFile: return .thorough
        case .emptyTest, .ignoredTest, .trapInTest, .floatEquality, .expectationFulfilledTwice, .conditionalTestLogic,
            .duplicateAssert, .assertionRoulette, .sensitiveEquality, .mysteryGuest, .resourceOptimism, .redundantPrint,
            .eagerTest, .magicNumber, .boolAssertEquality:
            return .selfValidating
        }
    }

    /// Whether a finding of this kind is a hint: a readability smell, reported and counted apart, that
    /// counts against no letter (only `maxHints` in the configuration makes hints fail the audit). A
    /// smell that lets a broken test pass is no hint.
    public var isHint: Bool {
        switch self {
        case .duplicateAssert, .assertionRoulette, .sensitiveEquality, .mysteryGuest, .resourceOptimism,
            .redundantPrint,
            .eagerTest, .magicNumber, .boolAssertEquality, .mainActorSharedState:
            return true
        default: return false
        }
    }

    /// The hints reported only when the configuration asks (`"extraHints": ["magicNumber"]`): their
    /// precision on real packages is too low to show them to everyone. On the real-package corpus
    /// (Tests/Corpus), after every rule that explains a number, magicNumber was right about 20 of 47;
    /// eagerTest 0 of 4 (one behaviour observed through several queries), and 0 of 4 on the labelled one.
    public static let optInHints: Set<FindingKind> = [.magicNumber, .eagerTest]

    /// One sentence on how to fix it, after the seeds' advice.
    public var fix: String {
        switch self {
        case .slowTest:
            return
                "Replace real waiting, disk and network with doubles or in-memory fakes; move a slow integration test behind a tag."
        case .sleepInTest:
            return
                "Wait for the event itself (an expectation, `await fulfillment(of:)`, `confirmation`), never for time."
        case .failsOnlyWithOthers:
            return "Give each test its own fixtures in setUp()/init and reset the shared state the named test changes."
        case .passesOnlyWithOthers:
            return "Build everything the test needs in its own setUp()/init instead of relying on the named test."
        case .leftProcessRunning:
            return
                "End every process the test starts before it returns (terminate it and wait for it in a defer or tearDown): a process left running outlives the test run, holding files and ports."
        case .leftFiles:
            return
                "Write what the test needs into a temporary folder of its own (FileManager's temporaryDirectory plus a UUID), never into the package, and remove it in a defer or tearDown: a file left behind changes the next run and the developer's working copy."
        case .failsBesideOtherProcesses:
            return
                "Give each test its own place outside the process: a unique temporary folder (FileManager's temporaryDirectory plus a UUID), port 0 for a server, no fixed path in the home folder; `swift test --parallel` runs tests in processes side by side too."
        case .flaky:
            return "Remove what the test does not control (time, randomness, order, the environment) or inject it."
        case .crashed:
            return
                "Fix what traps (a force unwrap, a failed precondition, a fatalError in a double): one trap ends every test of its process. A crash in a dependency: report it upstream and keep the test that triggers it out of the parallel runs meanwhile."
        case .noAssertion:
            return
                "Assert the outcome (XCTAssert…, #expect), or remove the test: a test that cannot fail proves nothing."
        case .tautology:
            return "Compare against a literal expected value (assert 6, not 2 + 4), never the expression itself."
        case .swallowedError:
            return
                "Use `try` in a throwing test (or #expect(throws:) / XCTAssertThrowsError) so the error fails the test."
        case .unwaitedExpectation:
            return
                "Wait for the expectation (wait(for:timeout:) / await fulfillment(of:)), or its fulfilment is never checked."
        case .neverRan:
            return
                "Make the runner see it: a `test…` method of an XCTestCase subclass (or a @Test function) in a test target, its class not compiled out by an #if."
        case .xctestAssertionInSwiftTesting:
            return
                "Use #expect/#require in a @Test (or make the test an XCTestCase method): before Swift 6.4 Swift Testing drops XCTest's failures."
        case .expectInXCTest:
            return
                "Use XCTAssert… in an XCTestCase method (or move the test to Swift Testing's @Test): XCTest never sees #expect fail."
        case .unevaluatedExpectation:
            return
                "Finish the expectation with a matcher, expect(x).to(equal(6)): expect(x) alone evaluates nothing."
        case .unawaitedAssertion:
            return
                "Wait for the work before the test ends (await the task's value, confirmation, an expectation with fulfillment), or assert after it."
        case .assertionNeverRan:
            return
                "Make the check run: call the handler (or wait for it), test a non-empty collection, assert the optional with XCTUnwrap/#require instead of if let."
        case .uncoveredFile:
            return
                "Test the file's behaviour through its public API (happy path, edges, bad input), or delete dead code."
        default: return smellFix
        }
    }
}

extension FindingKind {
    /// A title for the kind: what was found, in a few words.
    public var title: String {
        switch self {
        case .slowTest: return "Slow test"
        case .sleepInTest: return "Sleep in a test"
        case .failsOnlyWithOthers: return "Fails only with other tests"
        case .passesOnlyWithOthers: return "Passes only with other tests"
        case .leftProcessRunning: return "Test left a process running"
        case .leftFiles: return "Test left files behind"
        case .failsBesideOtherProcesses: return "Fails beside other test processes"
        case .flaky: return "Flaky test"
        case .crashed: return "Test process crashed or hung"
        case .noAssertion: return "Test asserts nothing"
        case .tautology: return "Assertion that cannot fail"
        case .swallowedError: return "Swallowed error"
        case .unwaitedExpectation: return "Expectation never waited for"
        case .neverRan: return "Test that never runs"
        case .xctestAssertionInSwiftTesting: return "XCTest assertion in a Swift Testing test"
        case .expectInXCTest: return "#expect in an XCTest test"
        case .unevaluatedExpectation: return "Nimble expectation never evaluated"
        case .unawaitedAssertion: return "Assertion nothing waits for"
        case .assertionNeverRan: return "Checks that never ran"
        case .uncoveredFile: return "Source file no test executes"
        case .emptyTest: return "Empty test"
        case .ignoredTest: return "Test switched off without a reason"
        case .trapInTest: return "Trap in a test"
        case .floatEquality: return "Floating-point equality without accuracy"
        case .expectationFulfilledTwice: return "Expectation fulfilled twice or waited too briefly"
        case .conditionalTestLogic: return "Assertion under conditional logic"
        case .duplicateAssert: return "The same check twice"
        case .assertionRoulette: return "Assertion roulette"
        case .sensitiveEquality: return "Check on a description"
        case .mysteryGuest: return "Mystery guest"
        case .resourceOptimism: return "Resource optimism"
        case .redundantPrint: return "Print in a test"
        case .eagerTest: return "Eager test"
        case .magicNumber: return "Magic number"
        case .boolAssertEquality: return "Equality asserted as a Boolean"
        case .mainActorSharedState: return "Shared state only the main actor serializes"
        }
    }
}

extension FindingKind {
    /// The fix of a test smell.
    fileprivate var smellFix: String {
        switch self {
        case .emptyTest:
            return "Write the test (arrange, act, assert) or delete it: an empty test passes and proves nothing."
        case .ignoredTest:
            return
                "Say why and until when: `.disabled(\"reason\", .bug(\"URL\"))`, `XCTSkip` under the condition that makes the test impossible, or delete the test."
        case .trapInTest:
            return
                "Use `try` in a throwing test, `XCTUnwrap`/`#require` for optionals, and `XCTFail`/`Issue.record` for the impossible case: a trap ends the whole test process."
        case .floatEquality:
            return
                "Compare with a tolerance: `XCTAssertEqual(a, b, accuracy: 1e-9)`, `#expect(abs(a - b) < 1e-9)`, Nimble's `beCloseTo`."
        case .expectationFulfilledTwice:
            return
                "Set `expectedFulfillmentCount` (or `assertForOverFulfill = false`) when it is meant to be fulfilled several times, and wait longer than the work takes."
        case .conditionalTestLogic:
            return
                "Assert the condition itself (`XCTUnwrap`, `#require`, `guard … else { XCTFail(); return }`) or split the test per case, so a branch not taken fails."
        case .duplicateAssert: return "Remove the repeated check, or make it check what changed since the first one."
        case .assertionRoulette: return "Give each assertion a message, or use one assertion per behaviour."
        case .sensitiveEquality:
            return "Compare the values (or their fields), not their text: a change to `description` breaks the test."
        case .mysteryGuest:
            return
                "Read fixtures from the test bundle (`Bundle.module`) or a temporary folder the test makes; inject the environment instead of reading it."
        case .resourceOptimism:
            return "Check the file exists first (`try XCTUnwrap`, `#require`) or make it in the test."
        case .redundantPrint: return "Remove the print, or make it an assertion's message."
        case .eagerTest: return "Split the test so each checks one behaviour, named for it."
        case .magicNumber:
            return "Name the expected value (a constant, or a computation from the inputs) so a reader sees why."
        case .boolAssertEquality:
            return
                "Use `XCTAssertEqual(a, b)` (or `#expect(x)` for a Boolean): a failure then prints both values."
        case .mainActorSharedState:
            return
                "Give each test its own state (an instance property of the suite, a `@TaskLocal` bound with `withValue`, the dependency injected), or say the dependence with `@Suite(.serialized)` around the tests that share it."
        default: return ""
        }
    }
}
