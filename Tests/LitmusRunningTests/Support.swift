import Foundation
import Testing

extension Tag {
    /// Tests that build packages or start processes: seconds to minutes, not milliseconds.
    @Tag static var endToEnd: Self
}

/// A fixture file of this test target's resources.
func resource(_ name: String) throws -> Data {
    let url = try #require(Bundle.module.url(forResource: "Resources/\(name)", withExtension: nil))
    return try Data(contentsOf: url)
}

/// A fixture file as text.
func resourceText(_ name: String) throws -> String {
    String(decoding: try resource(name), as: UTF8.self)
}
