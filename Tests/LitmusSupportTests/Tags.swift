import Testing

extension Tag {
    /// Tests that start processes: seconds, not milliseconds.
    @Tag static var endToEnd: Self
}
