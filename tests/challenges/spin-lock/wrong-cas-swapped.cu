// fails: race
// atomicCAS's compare and value swapped: CAS(lock, 1, 0) never changes a free lock and
// returns its 0 to every thread, so all of them go in together and their plain
// increments land as one.
__global__ void spin_lock(int* lock, int* counter) {
    while (atomicCAS(&lock[0], 1, 0) != 0) {
    }
    counter[0] = counter[0] + 1;
    atomicExch(&lock[0], 0);
}
