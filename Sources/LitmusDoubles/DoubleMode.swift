/// What a generated double does when a member is called that the test did not stub.
public enum DoubleMode: Sendable, Equatable {
    /// An unstubbed call is a test failure that names the member (a *mock* in the seeds' vocabulary:
    /// every call must be expected). The call still returns the relaxed default where one exists, so
    /// the test goes on and reports everything that went wrong.
    case strict
    /// An unstubbed call returns a default: `nil`, `0`, `""`, `false`, an empty collection or `Void`
    /// (a *dummy* or a *spy*). A type without a default (see ``DefaultValue``) must be stubbed.
    case relaxed
}
