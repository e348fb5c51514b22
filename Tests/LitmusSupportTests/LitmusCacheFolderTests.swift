import Foundation
import Testing

@testable import LitmusSupport

@Suite("Where Litmus keeps its per-user files")
struct LitmusCacheFolderTests {
    @Test("LITMUS_CACHE_DIR wins over XDG_CACHE_HOME, which wins over the home folder")
    func precedence() {
        #expect(
            LitmusCacheFolder.standard(environment: ["LITMUS_CACHE_DIR": "/c", "XDG_CACHE_HOME": "/x", "HOME": "/h"])
                .path == "/c")
        #expect(LitmusCacheFolder.standard(environment: ["XDG_CACHE_HOME": "/x", "HOME": "/h"]).path == "/x/litmus")
        #expect(LitmusCacheFolder.standard(environment: ["HOME": "/h"]).path == "/h/.cache/litmus")
    }

    @Test("A relative XDG_CACHE_HOME is ignored, as the XDG specification says")
    func relativeXDG() {
        #expect(
            LitmusCacheFolder.standard(environment: ["XDG_CACHE_HOME": "x", "HOME": "/h"]).path == "/h/.cache/litmus")
    }

    @Test("A package's key is its folder's name and a hash of its path: two folders of one name, two keys")
    func key() {
        let one = LitmusCacheFolder.key(for: URL(fileURLWithPath: "/a/Shop"))
        let other = LitmusCacheFolder.key(for: URL(fileURLWithPath: "/b/Shop"))
        #expect(one.hasPrefix("Shop-"))
        #expect(one != other)
        #expect(one == LitmusCacheFolder.key(for: URL(fileURLWithPath: "/a/x/../Shop")))
    }
}
