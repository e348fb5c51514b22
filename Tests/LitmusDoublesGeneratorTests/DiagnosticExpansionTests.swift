import LitmusDoublesGenerator
import MacroTesting
import Testing

@Suite(
    "@Mockable names what it cannot double instead of generating a wrong double",
    .macros(["Mockable": MockableExpansion.self], record: .missing)
)
struct DiagnosticExpansionTests {
    @Test("A protocol inheriting from another of the module's protocols gets an error naming the parent")
    func inheritedProtocol() {
        assertMacro {
            """
            @Mockable
            protocol AdminStore: UserStore, Sendable {
                func ban(id: Int)
            }
            """
        } diagnostics: {
            """
            @Mockable
            protocol AdminStore: UserStore, Sendable {
                                 ┬─────────
                                 ╰─ 🛑 AdminStore inherits from UserStore: the generator cannot see its requirements here; generate the double with the LitmusMocksPlugin or `litmus mocks`, which read the whole module, or write this double by hand
                func ban(id: Int)
            }
            """
        }
    }

    @Test("Requirements inside #if get an error")
    func conditionalRequirements() {
        assertMacro {
            """
            @Mockable
            protocol Platform {
                #if os(Linux)
                func epoll()
                #endif
            }
            """
        } diagnostics: {
            """
            @Mockable
            protocol Platform {
                #if os(Linux)
                ╰─ 🛑 Platform declares requirements inside #if, which the generator cannot evaluate; move them out of #if or write this double by hand
                func epoll()
                #endif
            }
            """
        }
    }

    @Test("Static requirements of a protocol with associated types get an error")
    func staticWithAssociatedTypes() {
        assertMacro {
            """
            @Mockable
            protocol Registry {
                associatedtype Entry
                static func register(_ entry: Entry)
            }
            """
        } diagnostics: {
            """
            @Mockable
            protocol Registry {
                     ┬───────
                     ╰─ 🛑 Registry has static requirements and associated types: a generic double cannot store the static members' calls (Swift has no static stored properties in generic types); write this double by hand
                associatedtype Entry
                static func register(_ entry: Entry)
            }
            """
        }
    }

    @Test("@Mockable on something other than a protocol gets an error")
    func notAProtocol() {
        assertMacro {
            """
            @Mockable
            struct Settings {}
            """
        } diagnostics: {
            """
            @Mockable
            ┬────────
            ╰─ 🛑 @Mockable applies to protocols only; put it on the protocol the double should conform to
            struct Settings {}
            """
        }
    }

    @Test("A condition that is not a string literal gets an error")
    func badCondition() {
        assertMacro {
            """
            @Mockable(condition: flag)
            protocol Clock {
                func now() -> Int
            }
            """
        } diagnostics: {
            """
            @Mockable(condition: flag)
                                 ┬───
                                 ╰─ 🛑 @Mockable(condition:) takes a string literal such as "DEBUG", or nil to compile the double in every build
            protocol Clock {
                func now() -> Int
            }
            """
        }
    }
}
