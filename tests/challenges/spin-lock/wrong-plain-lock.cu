// fails: race
// says: atomicCAS
// Takes the lock with a plain read and a plain write: all the lanes of a warp see it free
// at the same time, all of them go in, and their increments land as one.
__global__ void spin_lock(int* lock, int* counter) {
    while (lock[0] != 0) {
    }
    lock[0] = 1;
    counter[0] = counter[0] + 1;
    lock[0] = 0;
}
