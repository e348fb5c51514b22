import Foundation
import Shapes
import Testing

/// sensitiveEquality: a description the package writes, checked on purpose (swift-configuration's
/// `provider.description == "TestSnapshot"`, OpenAPIKit's error messages), and a stored field named `description`
/// (OpenAPIKit's parameters, read in a closure, directly or through `@dynamicMemberLookup`) are none; a value compared through the text the standard
/// library or Foundation makes of it is one, even when the package writes the same text (a URL from its template).
struct TextTests {
    @Test func ownTextIsTheProvider() {
        #expect(Provider(name: "Test").description == "Test[0 values]")
    }

    /// `String(describing:)` of a type that says how it prints: the text its declaration wrote (swift-certificates'
    /// `String(describing: Certificate.Version.v1) == "X509v1"`), unlike a struct's fields (`pointComparedAsText`).
    @Test func ownTextDescribed() {
        #expect(String(describing: Provider(name: "Test")) == "Test[0 values]")
    }

    /// Through an existential the compiler picks the general initializer: the value inside may be any type's.
    @Test func existentialDescribed() {
        let value: any CustomStringConvertible = Provider(name: "Test")
        #expect(String(describing: value) == "Test[0 values]")
    }

    @Test func parameterField() {
        let parameters = [Parameter(name: "id", description: "the identifier")]
        #expect(parameters.contains { $0.description == "the identifier" })
        #expect(parameters.map { parameter in parameter.description } == ["the identifier"])
        let resolved = parameters.map(ResolvedParameter.init)
        #expect(resolved.contains { $0.description == "the identifier" })
    }

    @Test func ownErrorMessage() {
        do {
            _ = try lookUp("https://example.com/a.json")
            Issue.record("a remote name was looked up")
        } catch {
            #expect(
                String(describing: error)
                    == "You cannot look up remote references ('https://example.com/a.json') in this \"document\".")
        }
    }

    @Test func userAddressAsText() {
        #expect(userAddress(42).description == "https://api.example.com/v1/users/42")
    }

    @Test func userAddressDescribed() {
        #expect(String(describing: userAddress(7)) == "https://api.example.com/v1/users/7")
    }

    @Test func pointComparedAsText() {
        #expect(String(describing: Point(x: 1, y: 2)) == "Point(x: 1, y: 2)")
    }

    /// A header's text against a length's digits: an integer's description is its digits, no rendering.
    @Test func lengthAsText() {
        let body = "Tea"
        let headers = ["Content-Length": "3"]
        #expect(headers["Content-Length"] == body.utf8.count.description)
    }

    /// A count that is a `Double` renders it (`3.0`): the facts tell it from an `Int`, which a `count` is taken for
    /// without them.
    @Test func fractionalCountAsText() {
        #expect(Gauge(count: 3).count.description == "3.0")
    }

    @Test func addressComparedAsText() {
        let address = URL(fileURLWithPath: "/tmp").appendingPathComponent("a")
        #expect(address.description == "file:///tmp/a")
    }
}

/// A count kept as a `Double`.
struct Gauge {
    var count: Double
}
