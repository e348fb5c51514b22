/// The static members' recorders of generated doubles, per test.
///
/// A double's static requirements are recorded in `Type.double`, and a type has no instance to hang
/// them on, so by default every test shares them. A test that runs its body inside the double's
/// `withStaticMock(mode:_:)` gets recorders of its own instead, through a task-local value: the
/// body, and every task it starts (child tasks and `Task { }`, not `Task.detached` or other
/// threads), see them, and tests running in parallel do not.
///
/// ```swift
/// @Test func makesTheSharedSettings() {
///     SettingsStoreMock.withStaticMock(mode: .strict) {
///         SettingsStoreMock.double.shared.stubbedResult = "shared"
///         #expect(App().settingsName == "shared")
///     }
/// }
/// ```
public enum StaticMocks {
    /// The recorders scoped by the running task, by the type of the double's `StaticMembers`.
    @TaskLocal static var scoped: [ObjectIdentifier: any Sendable] = [:]

    /// The recorders of type `Members` the running task scoped, or `shared`.
    @inlinable
    public static func current<Members: Sendable>(_ shared: Members) -> Members {
        lookUp(Members.self) ?? shared
    }

    @usableFromInline
    static func lookUp<Members: Sendable>(_ type: Members.Type) -> Members? {
        scoped[ObjectIdentifier(type)] as? Members
    }

    /// Runs `body` with `members` as the static recorders of their double.
    public static func with<Members: Sendable, Value>(_ members: Members, _ body: () throws -> Value) rethrows -> Value
    {
        try $scoped.withValue(adding(members), operation: body)
    }

    /// Runs the `async` `body` with `members` as the static recorders of their double.
    nonisolated(nonsending) public static func with<Members: Sendable, Value>(
        _ members: Members,
        _ body: nonisolated(nonsending) () async throws -> Value
    ) async rethrows -> Value {
        try await $scoped.withValue(adding(members), operation: body)
    }

    private static func adding<Members: Sendable>(_ members: Members) -> [ObjectIdentifier: any Sendable] {
        var values = scoped
        values[ObjectIdentifier(Members.self)] = members
        return values
    }
}
