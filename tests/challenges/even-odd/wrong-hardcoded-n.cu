// fails: wrong
// Assumes n = 64 (one block): the guard stops every block after the first.
__global__ void even_odd(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < 64) {
        out[i] = i % 2 == 0 ? 3 * in[i] : in[i] - 1;
    }
}
