import Testing

extension Tag {
    /// Tests that start processes or a browser.
    @Tag static var endToEnd: Self
}
