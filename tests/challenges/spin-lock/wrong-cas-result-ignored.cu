// fails: race
// Calls atomicCAS but ignores what it returns: every thread goes in, lock held or not.
__global__ void spin_lock(int* lock, int* counter) {
    atomicCAS(&lock[0], 0, 1);
    counter[0] = counter[0] + 1;
    atomicExch(&lock[0], 0);
}
