// fails: run
// Takes the lock and never gives it back: every other thread spins forever.
__global__ void spin_lock(int* lock, int* counter) {
    while (atomicCAS(&lock[0], 0, 1) != 0) {
    }
    counter[0] = counter[0] + 1;
}
