import Testing

@testable import LitmusAudit

/// Two ways through an `if` that check nothing without letting a broken test pass unseen (attaswift/BigInt 6.0.1's
/// hash tests: read false on the corpus): the way that takes elements out of a collection the test filled, when a
/// check after it states the collection ends empty; and an empty branch whose comment says why nothing is checked
/// there. Beside each, the near misses that must still be found.
@Suite("conditionalTestLogic: a skip a later check of emptiness notices, and an empty branch that says why")
struct ConditionalEmptiedTests {
    @Test("A removal skipped for an element the set holds leaves it, and the check that the set is empty fails")
    func removalCheckedEmpty() throws {
        // Given BigInt's shape: a set filled by a helper given it `inout`, a walk that removes each element unless the
        // test's own data says it was removed already, and `#expect(set.isEmpty)` after the walk; and near misses: a
        // condition on the set itself (a broken insert empties both ways), no check of emptiness after, a set never
        // filled before the walk, a set filled again between the walk and the check
        let tests = """
            @Test func removedUnlessCommon() {
                var set = Set<Int>()
                insert(&set, values: values)
                for value in values {
                    let wasAlreadyRemoved = common.contains(value)
                    if !wasAlreadyRemoved {
                        let existing = set.remove(make(value))
                        #expect(existing != nil)
                    }
                }
                #expect(set.isEmpty)
            }
            @Test func removedFromDictionaryCountedZero() {
                var dict = [Int: String]()
                dict[make(1)] = "a"
                for value in values {
                    if !common.contains(value) { #expect(dict.removeValue(forKey: make(value)) != nil) }
                }
                #expect(dict.count == 0)
            }
            @Test func conditionReadsTheSet() {
                var set = Set<Int>()
                insert(&set, values: values)
                for value in values {
                    if set.contains(value) { #expect(set.remove(value) != nil) }
                }
                #expect(set.isEmpty)
            }
            @Test func noEmptinessChecked() {
                var set = Set<Int>()
                insert(&set, values: values)
                for value in values {
                    if !common.contains(value) { #expect(set.remove(value) != nil) }
                }
                #expect(set.count == values.count)
            }
            @Test func neverFilled() {
                var set = Set<Int>()
                for value in values {
                    if !common.contains(value) { #expect(set.remove(value) != nil) }
                }
                #expect(set.isEmpty)
            }
            @Test func removedOnTheOtherWayToo() {
                var set = Set<Int>()
                insert(&set, values: values)
                for value in values {
                    if !common.contains(value) { #expect(set.remove(value) != nil) } else { set.remove(value) }
                }
                #expect(set.isEmpty)
            }
            @Test func onlyReadBefore() {
                var set = Set<Int>()
                _ = set.contains(1)
                for value in values {
                    if !common.contains(value) { #expect(set.remove(value) != nil) }
                }
                #expect(set.isEmpty)
            }
            @Test func filledAgainBeforeTheCheck() {
                var set = Set<Int>()
                insert(&set, values: values)
                for value in values {
                    if !common.contains(value) { #expect(set.remove(value) != nil) }
                }
                set.removeAll()
                #expect(set.isEmpty)
            }
            """

        // When
        let found = try swiftTestingNames(.conditionalTestLogic, tests)

        // Then
        #expect(
            found.sorted() == [
                "conditionReadsTheSet", "filledAgainBeforeTheCheck", "neverFilled", "noEmptinessChecked",
                "onlyReadBefore",
                "removedOnTheOtherWayToo",
            ])
    }

    @Test(
        "An empty branch whose comment says the check is made elsewhere is chosen; no comment, another reason, a TODO, a failure or code put out is not"
    )
    func explainedEmptyBranch() throws {
        // Given BigInt's shape: `if common.contains(int) { // It was already checked in 'smi' loop } else if let
        // result = dict[int] { #expect(…) } else { Issue.record(…) }`, and its near misses
        let tests = """
            @Test func explained() {
                for value in values {
                    if common.contains(value) {
                        // It was already checked in the first loop
                    } else if let result = dict[make(value)] {
                        #expect(result == "a")
                    } else {
                        Issue.record("missing")
                    }
                }
            }
            @Test func blockComment() {
                for value in values {
                    if common.contains(value) { /* the first loop checked it */ } else { #expect(dict[make(value)] == "a") }
                }
            }
            @Test func unexplained() {
                for value in values {
                    if common.contains(value) {
                    } else {
                        #expect(dict[make(value)] == "a")
                    }
                }
            }
            @Test func toDo() {
                for value in values {
                    if common.contains(value) {
                        // TODO: check these too
                    } else {
                        #expect(dict[make(value)] == "a")
                    }
                }
            }
            @Test func saysSomethingElse() {
                if let user = find(1) { #expect(user.name == "A") } else {
                    // Not every backend persists users
                }
            }
            @Test func knownFailure() {
                if let user = find(1) { #expect(user.name == "A") } else {
                    // Known failure on Linux, checked above on macOS: see #12
                }
            }
            @Test func callPutOut() {
                if let user = find(1) { #expect(user.name == "A") } else {
                    // expectEqual(user, nil) was checked before
                }
            }
            @Test func checkPutOut() {
                for value in values {
                    if common.contains(value) {
                        // #expect(dict[make(value)] == nil)
                    } else {
                        #expect(dict[make(value)] == "a")
                    }
                }
            }
            """

        // When
        let found = try swiftTestingNames(.conditionalTestLogic, tests)

        // Then
        #expect(
            found.sorted() == ["callPutOut", "checkPutOut", "knownFailure", "saysSomethingElse", "toDo", "unexplained"])
    }
}
