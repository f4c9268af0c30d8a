// fails: wrong
// Every thread adds into out[blockIdx.x] with a plain +=: the 32 lanes of a warp read the
// same old value and only one lane's write survives.
__global__ void block_sum(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[blockIdx.x] += in[i];
    }
}
