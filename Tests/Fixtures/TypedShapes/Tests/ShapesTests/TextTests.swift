import Foundation
import Shapes
import Testing

/// sensitiveEquality: a description the package writes, checked on purpose (swift-configuration's
/// `provider.description == "TestSnapshot"`), is none; a value compared through the text the standard
/// library or Foundation makes of it is one.
struct TextTests {
    @Test func ownTextIsTheProvider() {
        #expect(Provider(name: "Test").description == "Test[0 values]")
    }

    @Test func addressComparedAsText() {
        let address = URL(fileURLWithPath: "/tmp").appendingPathComponent("a")
        #expect(address.description == "file:///tmp/a")
    }
}
