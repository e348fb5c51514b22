import Foundation
import Nimble
import Quick

// Specs LitmusSpecsPlugin finds in this target without any list: a spec using Quick's hooks and
// groups, a spec nested in a type, a base spec with a subclass, and an AsyncSpec. They pass in the
// normal suite; LinuxSpecRunTests runs them again in a child process and reads what XCTest counted.

/// The environment variable that adds deliberately failing examples to ``HookOrderSpec``, so a
/// child process can show that a failing `it` fails the run without the normal suite failing.
enum FailingExamples {
    static let environmentKey = "LITMUS_SPECS_FAILING_EXAMPLES"
    static var areEnabled: Bool { ProcessInfo.processInfo.environment[environmentKey] == "1" }
}

/// Quick's own hook and group semantics, run through LitmusSpecs.
final class HookOrderSpec: QuickSpec {
    override class func spec() {
        nonisolated(unsafe) var log: [String] = []
        nonisolated(unsafe) var afterEachCount = 0
        nonisolated(unsafe) var examplesStarted = 0

        beforeEach {
            log = ["outer beforeEach"]
            examplesStarted += 1
        }
        afterEach { afterEachCount += 1 }

        describe("a group") {
            beforeEach { log.append("group beforeEach") }
            justBeforeEach { log.append("justBeforeEach") }

            it("runs the outer beforeEach, then the group's, then justBeforeEach") {
                expect(log).to(equal(["outer beforeEach", "group beforeEach", "justBeforeEach"]))
            }

            context("nested in a context") {
                beforeEach { log.append("context beforeEach") }

                it("runs every enclosing beforeEach, outermost first, before justBeforeEach") {
                    expect(log).to(
                        equal(["outer beforeEach", "group beforeEach", "context beforeEach", "justBeforeEach"])
                    )
                }
            }
        }

        describe("afterEach") {
            // However many examples ran before this one (two in the whole spec, none when it runs
            // alone), afterEach ran once after each of them.
            it("has run once after each example that started before this one") {
                expect(afterEachCount).to(equal(examplesStarted - 1))
            }
        }

        if FailingExamples.areEnabled {
            describe("deliberately failing examples") {
                it("fails a Nimble expectation") {
                    expect(log).to(equal(["something else"]))
                }
                // litmus:ignore noAssertion it fails on purpose by throwing: the tests that run HookOrderSpec check that the failure is reported
                it("throws an error") {
                    throw CocoaError(.featureUnsupported)
                }
            }
        }
    }
}

/// A container, to show that specs nested in types are found.
enum Fixtures {
    /// A spec nested in an enum.
    final class NestedSpec: QuickSpec {
        override class func spec() {
            it("runs on an instance of its own class") {
                expect(currentSpec()).to(beAnInstanceOf(Fixtures.NestedSpec.self))
            }
        }
    }
}

/// A base spec: its examples run for it and for each subclass.
class BaseFixtureSpec: QuickSpec {
    override class func spec() {
        it("runs for the base spec and each subclass") {
            expect(currentSpec()).to(beAKindOf(BaseFixtureSpec.self))
        }
    }
}

/// A subclass of a subclass of QuickSpec, inheriting its examples.
final class DerivedFixtureSpec: BaseFixtureSpec {}

/// An AsyncSpec: its examples and hooks are async.
final class AsyncFixtureSpec: AsyncSpec {
    override class func spec() {
        nonisolated(unsafe) var value = 0

        beforeEach {
            value = await Task { 41 }.value
        }

        it("awaits in beforeEach and in the example") {
            let next = await Task { value + 1 }.value
            expect(next).to(equal(42))
        }
    }
}
