// Experiment of issue 18's "faster step" (docs/engine.md, "Where a pre-training step's time goes"), 2026-11-26.
// PyTorch's dropout (Bernoulli mask) against a mask from uniform numbers, forward + backward on a 1040 x 400 array.
// Run with the service jar's classes: unzip target/dipgnn-service-*-SNAPSHOT.jar -d /tmp/cp, then
// OMP_NUM_THREADS=1 java -Dai.djl.pytorch.num_threads=1 -cp "/tmp/cp/BOOT-INF/classes:/tmp/cp/BOOT-INF/lib/*" Drop.java
import ai.djl.ndarray.*;
import ai.djl.ndarray.types.*;
import ai.djl.engine.Engine;
import ai.djl.training.GradientCollector;
public class Drop {
  public static void main(String[] a) {
    try (NDManager m=NDManager.newBaseManager()) {
      Engine eng=Engine.getInstance();
      for(int rep=0;rep<8;rep++) try(NDManager s=m.newSubManager()){
        NDArray x=s.randomNormal(new Shape(1040,400)); x.setRequiresGradient(true);
        long t0=System.nanoTime();
        try(GradientCollector gc=eng.newGradientCollector()){
          NDArray y=x.getNDArrayInternal().dropout(x,0.2f,true).singletonOrThrow(); gc.backward(y.sum());}
        x.getGradient().sum().getFloat();
        long t1=System.nanoTime();
        NDArray x2=x.duplicate(); x2.setRequiresGradient(true);
        long t2=System.nanoTime();
        try(GradientCollector gc=eng.newGradientCollector()){
          NDArray keep=s.randomUniform(0f,1f,new Shape(1040,400)).gte(0.2f).toType(DataType.FLOAT32,false).mul(s.create(1f/0.8f));
          NDArray y=x2.mul(keep); gc.backward(y.sum());}
        x2.getGradient().sum().getFloat();
        long t3=System.nanoTime();
        System.out.printf("native dropout %.2f ms, uniform mask %.2f ms%n",(t1-t0)/1e6,(t3-t2)/1e6);
      }
    }
  }
}
