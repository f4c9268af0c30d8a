// fails: race
// says: the index is missing a term (blockIdx.x?)
// Forgot blockIdx: every block does elements 0..127, element 128 and up stay -1.
__global__ void add_ten(const int* in, int* out, int n) {
    int i = threadIdx.x;
    if (i < n) {
        out[i] = in[i] + 10;
    }
}
