import Foundation
import LitmusDoubles
import LitmusDoublesFixtures
import LitmusDoublesMacro
import XCTest

/// The doubles of LitmusDoublesFixtures/StandardRefinements.swift (the LitmusDoublesPlugin's) and MedalMock
/// (the macro's), used inside XCTest: one test per library protocol their protocols refine.
final class XCTestStandardProtocolDoublesTests: XCTestCase {
    func testListRowMock_unstubbedID_isTheDoublesIdentity() {
        // Given
        let sut = ListRowMock(mode: .strict)
        let other = ListRowMock()

        // When
        let rows: Set = [sut, other, sut]

        // Then
        XCTAssertEqual(sut.id, ObjectIdentifier(sut))
        XCTAssertEqual(rows.count, 2)
        sut.double.id.stubbedResult = other.id
        XCTAssertEqual(sut.id, other.id)
    }

    func testAccountMock_stubbedID_isReturned() {
        // Given
        let sut = AccountMock()
        sut.double.id.stubbedResult = "acct-7"

        // When
        let id = sut.id

        // Then
        XCTAssertEqual(id, "acct-7")
        XCTAssertEqual(sut.double.id.callCount, 1)
    }

    func testLabelMock_twoDoubles_areEqualOnlyToThemselves() {
        // Given
        let sut = LabelMock()
        let other = LabelMock()

        // When
        let index = [other, sut].firstIndex(of: sut)

        // Then
        XCTAssertEqual(index, 1)
        XCTAssertNotEqual(sut, other)
    }

    func testRankedMock_stubbedLessThan_ordersThePlayers() {
        RankedMock.withStaticMock {
            // Given
            let low = RankedMock()
            let high = RankedMock()
            RankedMock.double.operatorLess.handler = { pair in pair.lhs === low && pair.rhs === high }

            // When
            let best = winner(of: [low, high])

            // Then
            XCTAssertTrue(best === high)
            XCTAssertTrue(high >= low)
            XCTAssertEqual(RankedMock.double.operatorLess.callCount, 2)
        }
    }

    func testNamedMock_unstubbedDescription_isTheDoublesName() {
        // Given
        let sut = NamedMock(mode: .strict)

        // When
        let text = "\(sut)"

        // Then
        XCTAssertEqual(text, "NamedMock")
        sut.double.description.stubbedResult = "Ada"
        XCTAssertEqual("\(sut)", "Ada")
    }

    func testTracedMock_stubbedDebugDescription_isWhatReflectingPrints() {
        // Given
        let sut = TracedMock()
        sut.double.debugDescription.stubbedResult = "TracedMock(2 steps)"

        // When
        let text = String(reflecting: sut)

        // Then
        XCTAssertEqual(text, "TracedMock(2 steps)")
        XCTAssertEqual(sut.double.debugDescription.callCount, 1)
    }

    func testPersistedMock_unstubbedInitFromDecoder_throwsUnstubbedDecodingError() throws {
        try PersistedMock.withStaticMock {
            // Given
            let data = Data("\"saved\"".utf8)

            // When
            XCTAssertThrowsError(try JSONDecoder().decode(PersistedMock.self, from: data)) { error in
                // Then
                XCTAssertTrue(error is UnstubbedDecodingError)
                XCTAssertTrue("\(error)".contains("PersistedMock.init(from:) was called but not stubbed"))
            }
            PersistedMock.double.initializerFrom.stub()
            XCTAssertNoThrow(try JSONDecoder().decode(PersistedMock.self, from: data))
            XCTAssertEqual(PersistedMock.double.initializerFrom.callCount, 2)
        }
    }

    func testPersistedMock_encode_isRecorded() throws {
        // Given
        let sut = PersistedMock()
        sut.double.encode.handler = { encoder in
            var container = encoder.singleValueContainer()
            try container.encode(7)
        }

        // When
        let data = try JSONEncoder().encode(sut)

        // Then
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "7")
        XCTAssertEqual(sut.double.encode.callCount, 1)
    }

    func testPaymentFailureMock_thrown_isCaughtAsItself() {
        // Given
        let sut = PaymentFailureMock()

        // When
        XCTAssertThrowsError(try { throw sut }()) { error in
            // Then
            XCTAssertTrue((error as? PaymentFailureMock) === sut)
        }
    }

    func testUserFacingFailureMock_stubbedErrorDescription_isTheLocalizedDescription() {
        // Given
        let sut = UserFacingFailureMock()
        XCTAssertNil(sut.errorDescription)
        sut.double.errorDescription.stubbedResult = "The card was declined."

        // When
        let text = (sut as any Error).localizedDescription

        // Then
        XCTAssertEqual(text, "The card was declined.")
    }

    func testTickerMock_calledFromAnotherTask_isRecorded() async {
        // Given
        let sut = TickerMock()
        sut.double.tick.stubbedResult = 3

        // When
        let tick = await Task { sut.tick() }.value

        // Then
        XCTAssertEqual(tick, 3)
        XCTAssertEqual(sut.double.tick.callCount, 1)
    }

    func testSessionMock_end_isRecorded() {
        // Given
        let sut = SessionMock()

        // When
        sut.end()

        // Then
        XCTAssertEqual(sut.double.end.callCount, 1)
    }

    func testUploaderMock_stubbedUpload_isAwaited() async throws {
        // Given
        let sut = UploaderMock()
        sut.double.upload.stubbedResult = 512

        // When
        let bytes = try await sut.upload("/tmp/a")

        // Then
        XCTAssertEqual(bytes, 512)
    }

    func testNumbersMock_stubbedIterator_isIterated() {
        // Given
        let sut = NumbersMock<IndexingIterator<[Int]>>()
        sut.double.makeIterator.handler = { _ in [4, 5].makeIterator() }

        // When
        let sum = total(of: sut)

        // Then
        XCTAssertEqual(sum, 9)
    }

    func testCountdownMock_unstubbedNext_endsTheIteration() {
        // Given
        let sut = CountdownMock()

        // When
        let values = Array(IteratorSequence(sut))

        // Then
        XCTAssertEqual(values, [])
        XCTAssertEqual(sut.double.next.callCount, 1)
    }

    func testShelfMock_stubbedIndicesAndSubscript_isACollection() {
        // Given
        let sut = ShelfMock()
        sut.double.endIndex.stubbedResult = 1
        sut.double.subscriptPosition.stubbedResult = "Dune"
        sut.double.index.handler = { $0 + 1 }

        // When
        let titles = Array(sut)

        // Then
        XCTAssertEqual(titles, ["Dune"])
        XCTAssertEqual(sut.double.subscriptPosition.lastArguments, 0)
    }

    func testMedalMock_generatedByTheMacro_isComparableAndDescribed() {
        MedalMock.withStaticMock {
            // Given
            let sut = MedalMock()
            MedalMock.double.operatorLess.stubbedResult = false

            // When
            let isLess = sut < MedalMock()

            // Then
            XCTAssertFalse(isLess)
            XCTAssertEqual(sut.description, "MedalMock")
        }
    }
}
