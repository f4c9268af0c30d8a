// stars: 1
// The textbook spin: atomicCAS in the loop's condition, the critical section after the
// loop. Right under independent thread scheduling, but the thread that takes the lock
// leaves the loop and waits at its exit for the spinning lanes before it goes on alone,
// while they keep trying: many more tries (atomics) and cycles than doing the turn inside
// the loop.
__global__ void spin_lock(int* lock, int* counter) {
    while (atomicCAS(&lock[0], 0, 1) != 0) {
    }
    counter[0] = counter[0] + 1;
    atomicExch(&lock[0], 0);
}
