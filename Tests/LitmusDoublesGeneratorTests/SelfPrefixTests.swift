import Testing

@testable import LitmusDoublesGenerator

@Suite("Where clauses lose `Self.` before an associated type, and only there")
struct SelfPrefixTests {
    @Test("Self.Element becomes Element; MySelf.Item and Self_.X stay as written")
    func selfPrefix() {
        #expect("Self.Element: Hashable".replacingSelfPrefix == "Element: Hashable")
        #expect("Self.Element == Self.Key.Value".replacingSelfPrefix == "Element == Key.Value")
        #expect("Element == MySelf.Item".replacingSelfPrefix == "Element == MySelf.Item")
        #expect("Key == Self_Self.X".replacingSelfPrefix == "Key == Self_Self.X")
        #expect("[Self.Element]".replacingSelfPrefix == "[Element]")
    }
}
