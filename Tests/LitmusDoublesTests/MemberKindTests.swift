import Foundation
import LitmusDoublesMacro
import Testing

@Suite("Generated doubles: every member kind, used from Swift Testing")
struct MemberKindTests {
    @Test("A spy records the latest and every call's arguments as labelled tuples")
    func recordsArguments() {
        let sut = NetworkingLayerMock()

        sut.searchFor(searchTerm: "Big") { _ in }
        sut.searchFor(searchTerm: "Phish") { _ in }

        #expect(sut.double.searchFor.callCount == 2)
        #expect(sut.double.searchFor.lastArguments?.searchTerm == "Phish")
        #expect(sut.double.searchFor.allArguments.map(\.searchTerm) == ["Big", "Phish"])
    }

    @Test("An escaping closure is recorded, so the test can complete the call later")
    func recordsEscapingClosure() throws {
        let sut = NetworkingLayerMock()
        let received = Received<Result<[Album], any Error>>()
        sut.searchFor(searchTerm: "Big") { received.value = $0 }

        let completion = try #require(sut.double.searchFor.lastArguments?.completionHandler)
        completion(.success([Album(title: "Big Boat")]))

        #expect(try received.value?.get() == [Album(title: "Big Boat")])
    }

    @Test("An async throwing method returns its stubbed result, then throws its stubbed error")
    func asyncThrowingStub() async throws {
        let sut = AlbumRepositoryMock()
        sut.double.albumNamed.stubbedResult = Album(title: "Farmhouse")
        #expect(try await sut.album(named: "F") == Album(title: "Farmhouse"))

        sut.double.albumNamed.stubbedError = APIError()
        await #expect(throws: APIError.self) { try await sut.album(named: "F") }
        #expect(sut.double.albumNamed.allArguments == ["F", "F"])
    }

    @Test("A handler computes the result from the arguments")
    func handler() async throws {
        let sut = AlbumRepositoryMock()
        sut.double.albumNamed.handler = { name in Album(title: name.uppercased()) }

        #expect(try await sut.album(named: "big boat") == Album(title: "BIG BOAT"))
    }

    @Test("A typed-throws method throws its stubbed error as the declared type")
    func typedThrows() {
        let sut = AlbumRepositoryMock()
        sut.double.albumId.stubbedError = APIError()

        #expect(throws: APIError()) { try sut.album(id: 7) }
        #expect(sut.double.albumId.lastArguments == 7)
    }

    @Test("A rethrows method counts its non-escaping closure without storing it")
    func rethrowsCountsClosure() {
        let sut = AlbumRepositoryMock()
        sut.double.albums.stubbedResult = [Album(title: "Billy Breathes")]

        let albums = sut.albums { $0.title.isEmpty }

        #expect(albums == [Album(title: "Billy Breathes")])
        #expect(sut.double.albums.callCount == 1)
    }

    @Test("Variadic parameters are recorded as an array, inout ones as the value passed in")
    func variadicAndInout() {
        let sut = AlbumRepositoryMock()
        var title = "farmhouse"

        sut.log("a", "b")
        sut.normalize(&title)

        #expect(sut.double.log.lastArguments == ["a", "b"])
        #expect(sut.double.normalize.lastArguments == "farmhouse")
    }

    @Test("A generic method returns its stub as the caller's type and records type-erased arguments")
    func genericMethod() throws {
        let sut = AlbumRepositoryMock()
        sut.double.decode.stubbedResult = 42

        let value = try sut.decode(Int.self, from: Data([1]))

        #expect(value == 42)
        #expect(sut.double.decode.lastArguments?.type as? Int.Type == Int.self)
        #expect(sut.double.decode.lastArguments?.data == Data([1]))
    }

    @Test("In relaxed mode unstubbed members return nil, 0, empty, false or Void")
    func relaxedDefaults() async throws {
        let repository = AlbumRepositoryMock(mode: .relaxed)
        let store = SettingsStoreMock(mode: .relaxed)

        #expect(repository.count() == 0)
        #expect(try repository.album(id: 1) == nil)
        #expect(repository.albums { _ in true } == [])
        #expect(store.name == "")
        #expect(try await store.remote == false)
        await repository.save(Album(title: "x"))
        #expect(repository.double.save.callCount == 1)
    }

    @Test("An unstubbed call whose result has no default throws an error naming the member and the fix")
    func unstubbedWithoutDefault() async {
        let sut = AlbumRepositoryMock()

        await #expect {
            try await sut.album(named: "x")
        } throws: { error in
            "\(error)".contains("AlbumRepositoryMock.album(named:) was called but not stubbed")
                && "\(error)".contains("conform Album to DefaultValue")
        }
    }

    @Test("A settable property returns what was stubbed, then what was set, and records both")
    func settableProperty() {
        let sut = SettingsStoreMock()
        sut.double.volume.value = 3
        #expect(sut.volume == 3)

        sut.volume = 7

        #expect(sut.volume == 7)
        #expect(sut.double.volume.setter.allArguments == [7])
        #expect(sut.double.volume.getter.callCount == 2)
    }

    @Test("A subscript records its key on get and its key and new value on set")
    func subscriptMember() {
        let sut = SettingsStoreMock(mode: .strict)
        sut.double.subscriptKey.handler = { key in key == "theme" ? "dark" : nil }

        sut["theme"] = "light"

        #expect(sut["theme"] == "dark")
        #expect(sut.double.subscriptKeySetter.lastArguments?.key == "theme")
        #expect(sut.double.subscriptKeySetter.lastArguments?.newValue == "light")
    }

    @Test("Static members and initializers are recorded")
    func staticMembersAndInitializers() {
        SettingsStoreMock.withStaticMock {
            SettingsStoreMock.double.shared.stubbedResult = "shared"
            let made = SettingsStoreMock(name: "made")
            SettingsStoreMock.double.make.stubbedResult = made

            #expect(SettingsStoreMock.shared == "shared")
            #expect(SettingsStoreMock.make() === made)
            #expect(made.double.initializerName.lastArguments == "made")
        }
    }

    @Test("A protocol with associated types gets a generic double")
    func genericDouble() {
        let sut = CacheMock<String, Int>()
        sut.double.value.handler = { key in key.count }

        sut.store(5, for: "five")

        #expect(sut.value(for: "four") == 4)
        #expect(sut.double.store.lastArguments?.value == 5)
        #expect(sut.double.store.lastArguments?.key == "five")
    }

    @MainActor
    @Test("A main-actor protocol's double is isolated to the main actor")
    func mainActorDouble() {
        let sut = ListMoviesDisplayLogicMock()

        sut.displayFetchedMovies(["E.T."])

        #expect(sut.double.displayFetchedMovies.lastArguments == ["E.T."])
    }

    @Test("An actor-constrained protocol's double is an actor")
    func actorDouble() async {
        let sut = CounterMock()
        sut.double.increment.stubbedResult = 1

        let value = await sut.increment()

        #expect(value == 1)
        #expect(sut.double.increment.callCount == 1)
    }

    @Test("A Sendable double records every call made from many tasks at once")
    func concurrentCalls() async {
        let sut = AlbumRepositoryMock()

        await withTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask { await sut.save(Album(title: "\(index)")) }
            }
        }

        #expect(sut.double.save.callCount == 200)
        #expect(Set(sut.double.save.allArguments.map(\.title)).count == 200)
    }
}

/// Holds what a completion handler received; tests read it after the handler ran synchronously.
final class Received<Value>: @unchecked Sendable {
    var value: Value?
}

@Test("A double of a Hashable protocol equals itself only, and hashes by identity")
func identityConformance() {
    let first = ChannelOptionMock()
    let second = ChannelOptionMock()

    #expect(first != second)
    // A set keeps one of two equal elements: equal to itself, and hashed alike each time.
    #expect(Set([first, first, second]).count == 2)
}
