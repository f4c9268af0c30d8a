// fails: race
// The lock is let go before the increment: two threads can read the same count and both
// write count + 1 (a lost update), whatever order this run happened to take.
__global__ void spin_lock(int* lock, int* counter) {
    while (atomicCAS(&lock[0], 0, 1) != 0) {
    }
    atomicExch(&lock[0], 0);
    counter[0] = counter[0] + 1;
}
