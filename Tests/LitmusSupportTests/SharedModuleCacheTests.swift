import Foundation
import Testing

@testable import LitmusSupport

@Suite("The module cache every build of Litmus's shares")
struct SharedModuleCacheTests {
    @Test("LITMUS_MODULE_CACHE names it; else it is module-cache in Litmus's cache folder; an empty one is unset")
    func folder() {
        #expect(
            SharedModuleCache.folder(environment: ["LITMUS_MODULE_CACHE": "/m/./cache", "LITMUS_CACHE_DIR": "/c"]).path
                == "/m/cache")
        #expect(SharedModuleCache.folder(environment: ["LITMUS_CACHE_DIR": "/c"]).path == "/c/module-cache")
        #expect(
            SharedModuleCache.folder(environment: ["LITMUS_MODULE_CACHE": "", "XDG_CACHE_HOME": "/x"]).path
                == "/x/litmus/module-cache")
    }

    @Test("A relative LITMUS_MODULE_CACHE is taken from the current folder, as the compiler would take it")
    func relative() {
        let current = FileManager.default.currentDirectoryPath
        #expect(
            SharedModuleCache.folder(environment: ["LITMUS_MODULE_CACHE": "m"]).path
                == URL(fileURLWithPath: current).appendingPathComponent("m").standardizedFileURL.path)
    }

    @Test("The build's options hand the folder to every Swift compile, as one argument even with a space in it")
    func buildArguments() {
        #expect(
            SharedModuleCache.buildArguments(environment: ["LITMUS_MODULE_CACHE": "/my caches/m"]) == [
                "-Xswiftc", "-module-cache-path", "-Xswiftc", "/my caches/m",
            ])
    }
}
