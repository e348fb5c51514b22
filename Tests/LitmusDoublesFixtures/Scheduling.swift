// A protocol whose requirements depend on the build, as swift-nio's EventLoopGroup's do: the
// LitmusDoublesPlugin doubles each requirement under the condition that declares it.

/// Schedules work; what it offers depends on the platform.
public protocol Scheduling: Sendable {
    /// Ticks since start.
    func now() -> Int
    #if canImport(Glibc) || canImport(Darwin)
        /// Schedules after `seconds`; whether it was accepted.
        func schedule(after seconds: Double) -> Bool
    #else
        /// Schedules after `ticks`; whether it was accepted.
        func schedule(afterTicks ticks: Int) -> Bool
    #endif
    #if LITMUS_NEVER_DEFINED
        /// Never compiled: its parameter's type does not exist, so a double declaring it would not build.
        func unreachable(_ value: TypeThatDoesNotExist)
    #endif
}

#if canImport(Glibc) || canImport(Darwin)
    /// Wakes a sleeper; on these platforms it reports how many woke.
    public protocol Waking: Sendable {
        /// How many sleepers woke.
        func wake() -> Int
    }
#else
    /// Wakes a sleeper.
    public protocol Waking: Sendable {
        /// Whether a sleeper woke.
        func wake() -> TypeThatDoesNotExist
    }
#endif

#if LITMUS_NEVER_DEFINED
    /// Never compiled: a double inheriting it would not build.
    public protocol Pausing {
        /// Takes a type that does not exist.
        func never(_ value: TypeThatDoesNotExist)
    }
#else
    /// Pauses.
    public protocol Pausing: Sendable {
        /// Pauses the work.
        func pause()
    }
#endif

/// Inherits whichever `Pausing` this build compiles.
public protocol Resuming: Pausing {
    /// Resumes the work.
    func resume()
}
