import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#endif

/// What the thread making a call knows: where its calls stand in the order of every double's calls,
/// and whose `given(…)` matchers it is running. Only its own thread reads or writes it, so none of it
/// is atomic; a recorded call reaches it through one thread-specific lookup, as a pointer (a class
/// reference was retained and released around every call: two atomic operations more).
///
/// **Call order without an atomic add per call.** A call's sequence number is `epoch << 24 | count`.
/// An epoch is taken from ``CallOrder/epochs`` (one atomic add) by a thread whose last epoch is no
/// longer the newest, and the thread then numbers its calls in that epoch by counting, reading the
/// newest epoch (one plain atomic load) to see that no other thread took one since. So when a call
/// happens before another (on one thread, or on two threads that synchronize), the later one reads
/// an epoch at least as new, and either counts on in the same epoch, on the same thread, or takes a
/// newer one: its number is larger. Calls on two threads that race have no order to keep. Single-
/// threaded tests, the common case, take one epoch and then count.
@usableFromInline
struct CallingThread {
    /// The epoch this thread's calls are numbered in; none at first.
    @usableFromInline var epoch: UInt64 = .max
    /// How many calls this thread numbered in ``epoch``.
    @usableFromInline var count: UInt64 = 0
    /// The recorder whose matchers this thread runs (they run with that recorder locked), if any.
    @usableFromInline var matching: ObjectIdentifier?
    /// Recorders whose matchers run further out, when a matcher calls another double's matched member.
    @usableFromInline var outerMatching: [ObjectIdentifier] = []

    @usableFromInline init() {}

    /// The calling thread's. Calls pass `key` (``CallOrder/threadKey``) from their double's context:
    /// read from the global, the key cost a call of its accessor each time.
    @inlinable
    static func current(_ key: ThreadKey = callingThreadKey) -> UnsafeMutablePointer<CallingThread> {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
            if let pointer = pthread_getspecific(key) {
                return pointer.assumingMemoryBound(to: CallingThread.self)
            }
            return attached(key)
        #else
            return onlyThread
        #endif
    }

    /// A new state for this thread, kept under `key` and freed when the thread ends.
    @usableFromInline
    static func attached(_ key: ThreadKey) -> UnsafeMutablePointer<CallingThread> {
        let thread = UnsafeMutablePointer<CallingThread>.allocate(capacity: 1)
        thread.initialize(to: CallingThread())
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
            pthread_setspecific(key, thread)
        #endif
        return thread
    }

    /// Whether this thread is running the matchers of `recorder`.
    @inlinable
    func isMatching(_ recorder: ObjectIdentifier) -> Bool {
        guard let matching else { return false }
        return matching == recorder || outerMatching.contains(recorder)
    }

    /// Marks this thread as running the matchers of `recorder`, until ``endMatching()``.
    @inlinable
    mutating func startMatching(_ recorder: ObjectIdentifier) {
        if let outer = matching {
            outerMatching.append(outer)
        }
        matching = recorder
    }

    /// Ends the innermost ``startMatching(_:)``.
    @inlinable
    mutating func endMatching() {
        // Checked first: `popLast()` on the empty array made it unique (an allocation) every time.
        matching = outerMatching.isEmpty ? nil : outerMatching.removeLast()
    }
}

#if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
    @usableFromInline typealias ThreadKey = pthread_key_t

    /// The key of each thread's ``CallingThread``, released when the thread ends.
    @usableFromInline
    let callingThreadKey: pthread_key_t = {
        var key = pthread_key_t()
        #if canImport(Darwin)
            let status = pthread_key_create(&key) { detach($0) }
        #else
            let status = pthread_key_create(&key) { pointer in pointer.map(detach) }
        #endif
        precondition(
            status == 0, "LitmusDoubles could not create a thread-specific key (pthread_key_create: \(status))")
        return key
    }()

    /// Frees an ended thread's ``CallingThread``.
    private func detach(_ pointer: UnsafeMutableRawPointer) {
        let thread = pointer.assumingMemoryBound(to: CallingThread.self)
        thread.deinitialize(count: 1)
        thread.deallocate()
    }
#elseif os(WASI)
    @usableFromInline typealias ThreadKey = Int
    @usableFromInline let callingThreadKey: ThreadKey = 0
    /// WebAssembly (WASI) runs one thread: the one state.
    @usableFromInline nonisolated(unsafe) let onlyThread = CallingThread.attached(callingThreadKey)
#else
    #error(
        "LitmusDoubles keeps each thread's call order with pthread keys; this platform has neither them nor only one thread"
    )
#endif

/// The process's call order (see ``CallingThread``): its newest epoch, and where each thread's state is.
///
/// A double's context holds both as plain values (a pointer and a key): read through a class, the
/// class was retained and released around each call, since the call writes the thread's state
/// through a pointer the optimizer cannot tell apart from it.
@usableFromInline
struct CallOrder: @unchecked Sendable {
    /// The newest epoch, for the life of the process.
    @usableFromInline let epochs: UnsafeMutablePointer<Atomic<UInt64>>
    /// The key of each thread's ``CallingThread``.
    @usableFromInline let threadKey: ThreadKey

    /// A call's number keeps its count in its low bits, its epoch above them.
    @usableFromInline static let countBits: UInt64 = 24
    /// The count at which a thread takes a new epoch, the count's bits being full.
    @usableFromInline static let countLimit: UInt64 = 1 << countBits - 1
    /// The first epoch a number cannot hold above its count.
    @usableFromInline static let epochLimit: UInt64 = 1 << (64 - countBits)

    /// The process's.
    @usableFromInline static let process = CallOrder()

    /// A call order of its own, never freed (the process has one; tests make more).
    init(threadKey: ThreadKey = callingThreadKey) {
        epochs = .allocate(capacity: 1)
        epochs.initialize(to: Atomic(0))
        self.threadKey = threadKey
    }

    /// The sequence number of the call the calling thread is recording.
    @inlinable
    func number() -> UInt64 {
        number(for: CallingThread.current(threadKey))
    }

    /// The sequence number of the call `thread`, the calling thread's state, is recording.
    @inlinable
    func number(for thread: UnsafeMutablePointer<CallingThread>) -> UInt64 {
        let newest = epochs.pointee.load(ordering: .relaxed)
        if newest == thread.pointee.epoch, thread.pointee.count < Self.countLimit {
            thread.pointee.count &+= 1
        } else {
            thread.pointee.epoch = epochs.pointee.wrappingAdd(1, ordering: .relaxed).newValue
            thread.pointee.count = 0
            // 2^40 epochs: a thread taking over from another a million times a second for twelve days.
            precondition(
                thread.pointee.epoch < Self.epochLimit,
                "LitmusDoubles ran out of epochs to order calls across doubles (\(Self.epochLimit) taken)")
        }
        return thread.pointee.epoch << Self.countBits | thread.pointee.count
    }
}
