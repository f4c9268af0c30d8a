// fails: race
// Hard-codes 64 threads per block while the launch has 128: the blocks overlap and the
// last ones never reach the end of a long array (n = 5000 leaves out[2624] and up at -1).
__global__ void add_ten(const int* in, int* out, int n) {
    int i = blockIdx.x * 64 + threadIdx.x;
    if (i < n) {
        out[i] = in[i] + 10;
    }
}
