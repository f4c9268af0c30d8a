// Test-and-set with atomicExch: whoever swaps a 0 out holds the lock; it releases with a
// compare-and-swap from 1 back to 0.
__global__ void spin_lock(int* lock, int* counter) {
    bool done = false;
    while (!done) {
        int old = atomicExch(&lock[0], 1);
        if (old == 0) {
            counter[0] = counter[0] + 1;
            atomicCAS(&lock[0], 1, 0);
            done = true;
        }
    }
}
