import Testing

extension Tag {
    /// A slower test: it starts a process.
    @Tag static var endToEnd: Self
}
