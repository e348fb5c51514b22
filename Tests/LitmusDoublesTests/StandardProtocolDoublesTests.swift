import Foundation
import LitmusDoubles
import LitmusDoublesFixtures
import LitmusDoublesMacro
import Synchronization
import Testing

/// Doubled by the macro, which sees nothing but this declaration: Comparable's and
/// CustomStringConvertible's requirements come from the generator's table of the libraries' protocols.
@Mockable
protocol Medal: Comparable, CustomStringConvertible {
    var weight: Int { get }
}

/// The doubles the LitmusDoublesPlugin generated from LitmusDoublesFixtures/StandardRefinements.swift, whose
/// protocols refine the standard library's and Foundation's, and MedalMock, which the macro generated.
@Suite("Doubles of protocols refining the standard library's and Foundation's")
struct StandardProtocolDoublesTests {
    @Test("An Identifiable, Hashable row is identified, compared and hashed by itself, and its id can be stubbed")
    func identifiableAndHashable() {
        // Given
        let sut = ListRowMock(mode: .strict)
        let other = ListRowMock()

        // When
        let rows: Set = [sut, sut, other]

        // Then: strict mode reports nothing, since the double answers by itself
        #expect(sut.id == ObjectIdentifier(sut))
        #expect(sut != other)
        #expect(rows.count == 2)
        sut.double.id.stubbedResult = other.id
        #expect(sut.id == other.id)
        #expect(sut.double.id.callCount == 2)
    }

    @Test("An id of the protocol's own type is recorded and stubbed, and a throwing member throws its stub")
    func identifiableWithItsOwnID() {
        // Given
        let sut = AccountMock()
        sut.double.id.stubbedResult = "acct-7"
        sut.double.close.stubbedError = CocoaError(.fileLocking)

        // When
        let ids = [sut].map(\.id)

        // Then
        #expect(ids == ["acct-7"])
        #expect(throws: CocoaError.self) { try sut.close() }
        #expect(sut.double.close.callCount == 1)
    }

    @Test("An Equatable double equals itself only, so collections find it")
    func equatable() {
        // Given
        let sut = LabelMock()
        let other = LabelMock()
        sut.double.text.stubbedResult = "urgent"

        // When
        let index = [other, sut].firstIndex(of: sut)

        // Then
        #expect(index == 1)
        #expect(sut == sut)
        #expect(sut != other)
        #expect(sut.text == "urgent")
    }

    @Test("A Comparable double's < is a stubbable static member, and the library's <=, > and max use it")
    func comparable() {
        RankedMock.withStaticMock(mode: .strict) {
            // Given
            let low = RankedMock()
            let high = RankedMock()
            low.double.score.stubbedResult = 1
            high.double.score.stubbedResult = 9
            RankedMock.double.operatorLess.handler = { pair in pair.lhs.score < pair.rhs.score }

            // When
            let best = winner(of: [high, low])

            // Then
            #expect(best === high)
            #expect(low <= high)
            #expect(high > low)
            #expect(RankedMock.double.operatorLess.callCount == 3)
            #expect(RankedMock.double.operatorLess.lastArguments?.lhs === low)
        }
    }

    @Test("A CustomStringConvertible double prints its type's name unless its description is stubbed")
    func customStringConvertible() {
        // Given
        let sut = NamedMock(mode: .strict)

        // When
        let unstubbed = "\(sut)"
        sut.double.description.stubbedResult = "Ada"

        // Then
        #expect(unstubbed == "NamedMock")
        #expect("\(sut)" == "Ada")
        #expect(sut.double.description.callCount == 2)
    }

    @Test("A CustomDebugStringConvertible double reflects as its type's name unless its debugDescription is stubbed")
    func customDebugStringConvertible() {
        // Given
        let sut = TracedMock()

        // When
        let unstubbed = String(reflecting: sut)
        sut.double.debugDescription.handler = { _ in "trace of \(sut.steps().count) steps" }
        sut.double.steps.stubbedResult = ["parse", "load"]

        // Then
        #expect(unstubbed == "TracedMock")
        #expect(String(reflecting: sut) == "trace of 2 steps")
    }

    @Test("A Codable double records encode(to:), and decoding throws a named error unless init(from:) is stubbed")
    func codable() throws {
        try PersistedMock.withStaticMock {
            // Given
            let sut = PersistedMock()
            sut.double.encode.handler = { encoder in
                var container = encoder.singleValueContainer()
                try container.encode("saved")
            }

            // When
            let data = try JSONEncoder().encode(sut)

            // Then
            #expect(String(decoding: data, as: UTF8.self) == "\"saved\"")
            #expect(sut.double.encode.callCount == 1)
            #expect(throws: UnstubbedDecodingError.self) { try JSONDecoder().decode(PersistedMock.self, from: data) }
            let decoded = Mutex<String?>(nil)
            PersistedMock.double.initializerFrom.handler = { decoder in
                let value = try decoder.singleValueContainer().decode(String.self)
                decoded.withLock { $0 = value }
            }
            _ = try JSONDecoder().decode(PersistedMock.self, from: data)
            #expect(decoded.withLock { $0 } == "saved")
            #expect(PersistedMock.double.initializerFrom.callCount == 2)
        }
    }

    @Test("An Error double is thrown and caught as itself")
    func error() {
        // Given
        let sut = PaymentFailureMock()
        sut.double.code.stubbedResult = 51

        // When
        let caught = #expect(throws: PaymentFailureMock.self) { throw sut }

        // Then
        #expect(caught === sut)
        #expect(caught?.code == 51)
    }

    @Test("A LocalizedError double answers nil for its descriptions until stubbed, and Foundation reads the stub")
    func localizedError() {
        // Given
        let sut = UserFacingFailureMock()

        // When
        let unstubbed = sut.errorDescription
        sut.double.errorDescription.stubbedResult = "The card was declined."

        // Then
        #expect(unstubbed == nil)
        #expect(sut.failureReason == nil)
        #expect((sut as any Error).localizedDescription == "The card was declined.")
    }

    @Test("A Sendable double is called from another task")
    func sendable() async {
        // Given
        let sut = TickerMock()
        sut.double.tick.stubbedResult = 42

        // When
        let tick = await Task { sut.tick() }.value

        // Then
        #expect(tick == 42)
        #expect(sut.double.tick.callCount == 1)
    }

    @Test("An AnyObject double is one object, whose calls are recorded")
    func anyObject() {
        // Given
        let sut = SessionMock()
        let session: any Session = sut

        // When
        session.end()

        // Then
        #expect(session === sut)
        #expect(sut.double.end.callCount == 1)
    }

    @Test("An Actor double is an actor, whose async members are stubbed from outside")
    func actor() async throws {
        // Given
        let sut = UploaderMock()
        sut.double.upload.stubbedResult = 512

        // When
        let bytes = try await sut.upload("/tmp/a")

        // Then
        #expect(bytes == 512)
        #expect(sut.double.upload.lastArguments == "/tmp/a")
    }

    @Test("A Sequence double is generic over its iterator, which makeIterator() returns when stubbed")
    func sequence() {
        // Given
        let sut = NumbersMock<IndexingIterator<[Int]>>()
        sut.double.makeIterator.handler = { _ in [1, 2, 3].makeIterator() }

        // When
        let sum = total(of: sut)

        // Then
        #expect(sum == 6)
        #expect(Array(sut) == [1, 2, 3])
        #expect(sut.double.makeIterator.callCount == 2)
    }

    @Test("An IteratorProtocol double yields what next() is stubbed with, and ends with nil unstubbed")
    func iteratorProtocol() {
        // Given
        let sut = CountdownMock()
        let remaining = Mutex(3)
        sut.double.next.handler = { _ in
            remaining.withLock { value in
                defer { value -= 1 }
                return value > 0 ? value : nil
            }
        }

        // When
        let values = Array(IteratorSequence(sut))

        // Then
        #expect(values == [3, 2, 1])
        #expect(sut.double.next.callCount == 4)
        sut.double.next.reset()
        #expect(sut.next() == nil)
    }

    @Test("A Collection double needs its indices and subscript stubbed; the library does the rest")
    func collection() {
        // Given
        let books = ["Dune", "Emma"]
        let sut = ShelfMock()
        let empty = ShelfMock()
        sut.double.startIndex.stubbedResult = 0
        sut.double.endIndex.stubbedResult = books.count
        sut.double.subscriptPosition.handler = { books[$0] }
        sut.double.index.handler = { $0 + 1 }

        // When
        let titles = sut.map { $0.uppercased() }

        // Then
        #expect(titles == ["DUNE", "EMMA"])
        #expect(sut.count == 2)
        #expect(sut.first == "Dune")
        #expect(Array(sut.dropFirst()) == ["Emma"])
        #expect(empty.isEmpty)
    }

    @Test("The macro doubles a protocol refining Comparable and CustomStringConvertible from its declaration alone")
    func macro() {
        MedalMock.withStaticMock {
            // Given
            let gold = MedalMock()
            let silver = MedalMock()
            MedalMock.double.operatorLess.handler = { pair in pair.lhs === silver && pair.rhs === gold }

            // When
            let podium = [gold, silver].sorted()

            // Then
            #expect(podium.map(\.description) == ["MedalMock", "MedalMock"])
            #expect(podium.first === silver)
            #expect(MedalMock.double.operatorLess.callCount >= 1)
        }
    }
}
