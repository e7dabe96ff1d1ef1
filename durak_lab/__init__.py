"""durak_lab"""
__version__ = "0.1.0"
